// Line chart against message length (log2 x axis, linear y axis from 0): one polyline and one
// dot per point for each series.
import { colour, createLogFrame, DASH, drawLegend, drawLogAxes, fixed, niceCeiling, openSvg } from './svg-frame.js';
import type { LineChartBlock } from './report-model.js';

export function renderSvgLineChart(chart: LineChartBlock): string {
  const points = chart.series.flatMap((series) => series.points);
  const sizes = [...new Set(points.map((point) => point.x))].sort((a, b) => a - b);
  const yTop = niceCeiling(Math.max(...points.map((point) => point.y)));
  const frame = createLogFrame(sizes, 0, yTop);
  const parts = [...openSvg(chart.id, chart.title, chart.description), ...drawLogAxes(frame, sizes, 0, yTop, chart.xAxisLabel, chart.yAxisLabel)];
  for (const series of chart.series) {
    const stroke = colour(series.colourIndex);
    const sorted = [...series.points].sort((a, b) => a.x - b.x);
    const path = sorted.map((point) => `${fixed(frame.x(point.x))},${fixed(frame.y(point.y))}`).join(' ');
    parts.push(`<polyline class="mark" points="${path}" fill="none" stroke="${stroke}" stroke-width="2"${DASH[series.dash]}/>`);
    for (const point of sorted) {
      parts.push(`<circle class="mark" cx="${fixed(frame.x(point.x))}" cy="${fixed(frame.y(point.y))}" r="3" fill="${stroke}"/>`);
    }
  }
  parts.push(...drawLegend(chart.series), '</svg>');
  return parts.join('\n');
}
