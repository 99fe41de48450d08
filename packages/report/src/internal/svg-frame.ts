// What every inline SVG chart shares: size, colours, the <svg> opening with <title> and <desc>,
// a log2 message-length x axis, a linear or log10 y axis and a legend under the plot (so long
// names fit). Coordinates are printed with one decimal so the same data gives the same bytes.
import { escapeHtml } from './html-text.js';

export const WIDTH = 720;
/** Height of the plot part (axes and labels); the legend adds rows below. */
export const HEIGHT = 380;
export const MARGIN = { left: 72, right: 24, top: 20, bottom: 56 } as const;
// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
export const COLOURS = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#E69F00',
  '#56B4E9',
  '#000000',
  '#F0E442',
] as const;
export type DashName = 'solid' | 'dashed' | 'dotted' | 'dash-dot' | 'long-dash';
export const DASH: Record<DashName, string> = {
  solid: '',
  dashed: ' stroke-dasharray="7 4"',
  dotted: ' stroke-dasharray="2 3"',
  'dash-dot': ' stroke-dasharray="9 3 2 3"',
  'long-dash': ' stroke-dasharray="14 5"',
};
/** The dash patterns in the order lines that coincide are given them. */
export const DASH_ORDER: readonly DashName[] = ['solid', 'dashed', 'dotted', 'dash-dot', 'long-dash'];
const LEGEND_ROW_PX = 20;
const LEGEND_COLUMNS = 2;

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

/** A linear axis from 0 fitted to the data: its end and the step between its ticks. */
export interface FittedAxis {
  /** Axis end: the first tick at or above the largest value. */
  top: number;
  /** Distance between ticks: 1, 2, 2.5 or 5 × 10^k. */
  step: number;
  /** Number of steps from 0 to `top` (at most `maxIntervals`). */
  intervals: number;
}

/**
 * A linear axis from 0 that the data fill: the tick step is the smallest 1, 2, 2.5 or 5 × 10^k
 * giving at most `maxIntervals` steps up to `largest`, and the axis ends at the first tick at or
 * above it, so the largest value reaches more than 70 % of the axis (a nice ceiling alone could
 * leave half the plot empty: 51 on a 0–100 axis).
 */
export function fitAxis(largest: number, maxIntervals = 5): FittedAxis {
  if (!(largest > 0)) return { top: 1, step: 1 / maxIntervals, intervals: maxIntervals };
  const rough = largest / maxIntervals;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const factor = [1, 2, 2.5, 5, 10].find((candidate) => candidate * magnitude >= rough * (1 - 1e-12)) ?? 10;
  const step = Number((factor * magnitude).toPrecision(6));
  const intervals = Math.max(1, Math.ceil(largest / step - 1e-9));
  return { top: Number((step * intervals).toPrecision(6)), step, intervals };
}

/** Largest 1, 2 or 5 × 10^k at or below `value` (log axis start). */
export function niceFloor(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [5, 2, 1].find((factor) => factor * magnitude <= value) ?? 1;
  return step * magnitude;
}

function axisNumber(value: number): string {
  return String(Number(value.toPrecision(6)));
}

/** Rows the legend needs for `entries` entries. */
export function legendHeight(entries: number): number {
  return entries === 0 ? 0 : Math.ceil(entries / LEGEND_COLUMNS) * LEGEND_ROW_PX + 8;
}

export function openSvg(id: string, title: string, description: string, height = HEIGHT): string[] {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${id}-title ${id}-desc">`,
    `<title id="${id}-title">${escapeHtml(title)}</title>`,
    `<desc id="${id}-desc">${escapeHtml(description)}</desc>`,
    `<rect x="0" y="0" width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
  ];
}

/** Plot area with a log2 x axis over `sizesBytes` and a y axis from `yLow` to `yHigh`. */
export interface LogFrame {
  x: (bytes: number) => number;
  y: (value: number) => number;
  bottom: number;
  plotWidth: number;
  /** y axis in log10 (values must be > 0). */
  yLog: boolean;
}

/** Space between the y axis (and the right edge) and the first (last) message length, so marks there stay clear of the axis. */
const X_INSET_PX = 16;

export function createLogFrame(sizesBytes: readonly number[], yLow: number, yHigh: number, yLog = false): LogFrame {
  const logMin = Math.log2(Math.min(...sizesBytes));
  const logMax = Math.log2(Math.max(...sizesBytes));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const span = plotWidth - 2 * X_INSET_PX;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const scale = (value: number): number => (yLog ? Math.log10(Math.max(value, yLow)) : value);
  const [low, high] = [scale(yLow), scale(yHigh)];
  return {
    x: (bytes) =>
      logMax === logMin
        ? MARGIN.left + plotWidth / 2
        : MARGIN.left + X_INSET_PX + ((Math.log2(bytes) - logMin) / (logMax - logMin)) * span,
    y: (value) => MARGIN.top + plotHeight - ((scale(value) - low) / (high - low)) * plotHeight,
    bottom: MARGIN.top + plotHeight,
    plotWidth,
    yLog,
  };
}

/** Tick values: evenly spaced on a linear axis, 1-2-5 per decade on a log axis. */
function yTicks(yLow: number, yHigh: number, intervals: number, yLog: boolean): number[] {
  if (!yLog) return Array.from({ length: intervals + 1 }, (_, tick) => yLow + ((yHigh - yLow) * tick) / intervals);
  const ticks: number[] = [];
  for (let magnitude = 10 ** Math.floor(Math.log10(yLow)); magnitude <= yHigh; magnitude *= 10) {
    for (const factor of [1, 2, 5]) {
      const value = Number((factor * magnitude).toPrecision(6));
      if (value >= yLow && value <= yHigh) ticks.push(value);
    }
  }
  return ticks;
}

/** Grid lines and labels: y ticks from yLow to yHigh, one x tick per message length. */
export function drawLogAxes(
  frame: LogFrame,
  sizesBytes: readonly number[],
  yLow: number,
  yHigh: number,
  xLabel: string,
  yLabel: string,
  intervals = 5,
): string[] {
  const parts: string[] = [];
  for (const value of yTicks(yLow, yHigh, intervals, frame.yLog)) {
    const y = fixed(frame.y(value));
    parts.push(
      `<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + frame.plotWidth}" y2="${y}" stroke="#dddddd"/>`,
      `<text x="${MARGIN.left - 6}" y="${fixed(frame.y(value) + 4)}" text-anchor="end" font-size="12">${escapeHtml(axisNumber(value))}</text>`,
    );
  }
  for (const bytes of sizesBytes) {
    parts.push(
      `<line x1="${fixed(frame.x(bytes))}" y1="${frame.bottom}" x2="${fixed(frame.x(bytes))}" y2="${frame.bottom + 5}" stroke="#333333"/>`,
      `<text x="${fixed(frame.x(bytes))}" y="${frame.bottom + 18}" text-anchor="middle" font-size="12">${bytes}</text>`,
    );
  }
  const middleY = fixed(MARGIN.top + (frame.bottom - MARGIN.top) / 2);
  parts.push(
    `<line x1="${MARGIN.left}" y1="${frame.bottom}" x2="${MARGIN.left + frame.plotWidth}" y2="${frame.bottom}" stroke="#333333"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${frame.bottom}" stroke="#333333"/>`,
    `<text x="${fixed(MARGIN.left + frame.plotWidth / 2)}" y="${HEIGHT - 14}" text-anchor="middle" font-size="13">${escapeHtml(xLabel)}</text>`,
    `<text x="16" y="${middleY}" text-anchor="middle" font-size="13" transform="rotate(-90 16 ${middleY})">${escapeHtml(yLabel)}</text>`,
  );
  return parts;
}

/** One legend entry: a line in a colour and dash, a dot, or another mark drawn by `mark`. */
export interface LegendEntry {
  name: string;
  colourIndex: number;
  dash: DashName;
  dot?: boolean;
  /** Draws the entry's own mark centred at (x, y) instead of a line or dot. */
  mark?: (x: number, y: number) => string;
}

/** Legend under the plot, two entries per row, each wide enough for a 40-character name. */
export function drawLegend(entries: readonly LegendEntry[]): string[] {
  const columnWidth = (WIDTH - MARGIN.left) / LEGEND_COLUMNS;
  return entries.flatMap((entry, index) => {
    const legendY = HEIGHT + 6 + Math.floor(index / LEGEND_COLUMNS) * LEGEND_ROW_PX;
    const left = MARGIN.left + (index % LEGEND_COLUMNS) * columnWidth;
    const mark =
      entry.mark !== undefined
        ? entry.mark(left + 12, legendY)
        : entry.dot === true
          ? `<circle cx="${left + 12}" cy="${legendY}" r="3.5" fill="${colour(entry.colourIndex)}"/>`
          : `<line x1="${left}" y1="${legendY}" x2="${left + 26}" y2="${legendY}" stroke="${colour(entry.colourIndex)}" stroke-width="2.5"${DASH[entry.dash]}/>`;
    return [mark, `<text x="${left + 34}" y="${legendY + 4}" font-size="12">${escapeHtml(entry.name)}</text>`];
  });
}
