// What every inline SVG chart shares: size, colours, the <svg> opening with <title> and <desc>,
// a log2 message-length x axis, a linear y axis and a legend. Coordinates are printed with one
// decimal so the same data always gives the same bytes.
import { escapeHtml } from './html-text.js';

export const WIDTH = 720;
export const HEIGHT = 400;
export const MARGIN = { left: 64, right: 170, top: 20, bottom: 56 } as const;
// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
export const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'] as const;
export const DASH: Record<'solid' | 'dashed' | 'dotted', string> = { solid: '', dashed: ' stroke-dasharray="7 4"', dotted: ' stroke-dasharray="2 3"' };

export function colour(index: number): string {
  return COLOURS[index % COLOURS.length]!;
}

export function fixed(value: number): string {
  return value.toFixed(1);
}

/** Smallest 1, 2 or 5 × 10^k at or above `value` (axis end). */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

function axisNumber(value: number): string {
  return String(Number(value.toPrecision(6)));
}

export function openSvg(id: string, title: string, description: string, height = HEIGHT): string[] {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${id}-title ${id}-desc">`,
    `<title id="${id}-title">${escapeHtml(title)}</title>`,
    `<desc id="${id}-desc">${escapeHtml(description)}</desc>`,
    `<rect x="0" y="0" width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
  ];
}

/** Plot area with a log2 x axis over `sizesBytes` and a linear y axis from `yLow` to `yHigh`. */
export interface LogFrame {
  x: (bytes: number) => number;
  y: (value: number) => number;
  bottom: number;
  plotWidth: number;
}

export function createLogFrame(sizesBytes: readonly number[], yLow: number, yHigh: number): LogFrame {
  const logMin = Math.log2(Math.min(...sizesBytes));
  const logMax = Math.log2(Math.max(...sizesBytes));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  return {
    x: (bytes) => (logMax === logMin ? MARGIN.left + plotWidth / 2 : MARGIN.left + ((Math.log2(bytes) - logMin) / (logMax - logMin)) * plotWidth),
    y: (value) => MARGIN.top + plotHeight - ((value - yLow) / (yHigh - yLow)) * plotHeight,
    bottom: MARGIN.top + plotHeight,
    plotWidth,
  };
}

/** Grid lines and labels: `intervals` + 1 y ticks from yLow to yHigh, one x tick per message length. */
export function drawLogAxes(frame: LogFrame, sizesBytes: readonly number[], yLow: number, yHigh: number, xLabel: string, yLabel: string, intervals = 5): string[] {
  const parts: string[] = [];
  for (let tick = 0; tick <= intervals; tick += 1) {
    const value = yLow + ((yHigh - yLow) * tick) / intervals;
    const y = fixed(frame.y(value));
    parts.push(
      `<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + frame.plotWidth}" y2="${y}" stroke="#dddddd"/>`,
      `<text x="${MARGIN.left - 6}" y="${fixed(frame.y(value) + 4)}" text-anchor="end" font-size="11">${escapeHtml(axisNumber(value))}</text>`,
    );
  }
  for (const bytes of sizesBytes) {
    parts.push(
      `<line x1="${fixed(frame.x(bytes))}" y1="${frame.bottom}" x2="${fixed(frame.x(bytes))}" y2="${frame.bottom + 5}" stroke="#333333"/>`,
      `<text x="${fixed(frame.x(bytes))}" y="${frame.bottom + 18}" text-anchor="middle" font-size="11">${bytes}</text>`,
    );
  }
  const middleY = fixed(MARGIN.top + (frame.bottom - MARGIN.top) / 2);
  parts.push(
    `<line x1="${MARGIN.left}" y1="${frame.bottom}" x2="${MARGIN.left + frame.plotWidth}" y2="${frame.bottom}" stroke="#333333"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${frame.bottom}" stroke="#333333"/>`,
    `<text x="${fixed(MARGIN.left + frame.plotWidth / 2)}" y="${HEIGHT - 12}" text-anchor="middle" font-size="12">${escapeHtml(xLabel)}</text>`,
    `<text x="16" y="${middleY}" text-anchor="middle" font-size="12" transform="rotate(-90 16 ${middleY})">${escapeHtml(yLabel)}</text>`,
  );
  return parts;
}

/** Legend in the right margin: a short line (or dot) in each entry's colour and dash. */
export function drawLegend(entries: readonly { name: string; colourIndex: number; dash: keyof typeof DASH; dot?: boolean }[]): string[] {
  return entries.flatMap((entry, index) => {
    const legendY = MARGIN.top + 10 + index * 18;
    const left = WIDTH - MARGIN.right + 14;
    const mark = entry.dot
      ? `<circle cx="${left + 10}" cy="${legendY}" r="3.5" fill="${colour(entry.colourIndex)}"/>`
      : `<line x1="${left}" y1="${legendY}" x2="${left + 20}" y2="${legendY}" stroke="${colour(entry.colourIndex)}" stroke-width="2"${DASH[entry.dash]}/>`;
    return [mark, `<text x="${left + 26}" y="${legendY + 4}" font-size="11">${escapeHtml(entry.name)}</text>`];
  });
}
