// Inline SVG line chart of cycles/byte against message length (log2 x axis), one line per
// instance, with <title> and <desc> for screen readers. Coordinates are printed with one
// decimal so the output is byte-identical for the same data.
import { escapeHtml } from './html-text.js';
import type { ChartBlock } from './report-model.js';

const WIDTH = 720;
const HEIGHT = 400;
const MARGIN = { left: 64, right: 170, top: 20, bottom: 56 };
// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];

function fixed(value: number): string {
  return value.toFixed(1);
}

/** Smallest 1, 2 or 5 × 10^k at or above `value` (axis top). */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

export function renderSvgChart(chart: ChartBlock, idPrefix: string): string {
  const points = chart.series.flatMap((series) => series.points);
  const sizes = [...new Set(points.map((point) => point.messageBytes))].sort((a, b) => a - b);
  const logMin = Math.log2(sizes[0]!);
  const logMax = Math.log2(sizes[sizes.length - 1]!);
  const yTop = niceCeiling(Math.max(...points.map((point) => point.cyclesPerByte)));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (bytes: number): number =>
    logMax === logMin ? MARGIN.left + plotWidth / 2 : MARGIN.left + ((Math.log2(bytes) - logMin) / (logMax - logMin)) * plotWidth;
  const y = (value: number): number => MARGIN.top + plotHeight - (value / yTop) * plotHeight;
  const bottom = MARGIN.top + plotHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${idPrefix}-title ${idPrefix}-desc">`,
    `<title id="${idPrefix}-title">${escapeHtml(chart.title)}</title>`,
    `<desc id="${idPrefix}-desc">${escapeHtml(chart.description)}</desc>`,
    `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
  ];
  for (let tick = 0; tick <= 5; tick += 1) {
    const value = (yTop * tick) / 5;
    parts.push(
      `<line x1="${MARGIN.left}" y1="${fixed(y(value))}" x2="${MARGIN.left + plotWidth}" y2="${fixed(y(value))}" stroke="#dddddd"/>`,
      `<text x="${MARGIN.left - 6}" y="${fixed(y(value) + 4)}" text-anchor="end" font-size="11">${escapeHtml(String(Number(value.toPrecision(6))))}</text>`,
    );
  }
  for (const bytes of sizes) {
    parts.push(
      `<line x1="${fixed(x(bytes))}" y1="${bottom}" x2="${fixed(x(bytes))}" y2="${bottom + 5}" stroke="#333333"/>`,
      `<text x="${fixed(x(bytes))}" y="${bottom + 18}" text-anchor="middle" font-size="11">${bytes}</text>`,
    );
  }
  parts.push(
    `<line x1="${MARGIN.left}" y1="${bottom}" x2="${MARGIN.left + plotWidth}" y2="${bottom}" stroke="#333333"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${bottom}" stroke="#333333"/>`,
    `<text x="${fixed(MARGIN.left + plotWidth / 2)}" y="${HEIGHT - 12}" text-anchor="middle" font-size="12">message length (bytes, logarithmic)</text>`,
    `<text x="16" y="${fixed(MARGIN.top + plotHeight / 2)}" text-anchor="middle" font-size="12" transform="rotate(-90 16 ${fixed(MARGIN.top + plotHeight / 2)})">${escapeHtml(chart.yAxisLabel)}</text>`,
  );
  chart.series.forEach((series, index) => {
    const colour = COLOURS[index % COLOURS.length]!;
    const sorted = [...series.points].sort((a, b) => a.messageBytes - b.messageBytes);
    const path = sorted.map((point) => `${fixed(x(point.messageBytes))},${fixed(y(point.cyclesPerByte))}`).join(' ');
    parts.push(`<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    for (const point of sorted) {
      parts.push(`<circle cx="${fixed(x(point.messageBytes))}" cy="${fixed(y(point.cyclesPerByte))}" r="3" fill="${colour}"/>`);
    }
    const legendY = MARGIN.top + 10 + index * 18;
    parts.push(
      `<line x1="${WIDTH - MARGIN.right + 14}" y1="${legendY}" x2="${WIDTH - MARGIN.right + 34}" y2="${legendY}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${WIDTH - MARGIN.right + 40}" y="${legendY + 4}" font-size="11">${escapeHtml(series.instance)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
