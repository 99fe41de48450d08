// Line chart against message length (log2 x axis; y linear from 0, or log10): one polyline and
// one dot per point for each series, error bars where points carry a trial range, and a legend
// under the plot. A line that coincides with one drawn before it gets the next dash pattern, so
// neither hides the other.
import {
  colour,
  createLogFrame,
  DASH,
  DASH_ORDER,
  drawLegend,
  drawLogAxes,
  fixed,
  HEIGHT,
  legendHeight,
  fitAxis,
  niceCeiling,
  niceFloor,
  openSvg,
} from './svg-frame.js';
import type { DashName } from './svg-frame.js';
import type { LineChartBlock, LineSeries } from './report-model.js';

/** Two series coincide when every x they share is within 1 % of the y range and they share all x. */
function coincide(left: LineSeries, right: LineSeries, range: number): boolean {
  if (left.points.length !== right.points.length) return false;
  return left.points.every((point) => {
    const other = right.points.find((candidate) => candidate.x === point.x);
    return other !== undefined && Math.abs(other.y - point.y) <= range * 0.01;
  });
}

/** Each series' dash: its own, or — when it coincides with earlier ones — the next unused pattern. */
function effectiveDashes(series: readonly LineSeries[], range: number): DashName[] {
  const dashes: DashName[] = [];
  series.forEach((entry, index) => {
    const taken = new Set(
      series
        .slice(0, index)
        .flatMap((earlier, position) => (coincide(earlier, entry, range) ? [dashes[position]!] : [])),
    );
    dashes.push(taken.has(entry.dash) ? (DASH_ORDER.find((dash) => !taken.has(dash)) ?? entry.dash) : entry.dash);
  });
  return dashes;
}

export function renderSvgLineChart(chart: LineChartBlock): string {
  const points = chart.series.flatMap((series) => series.points);
  const sizes = [...new Set(points.map((point) => point.x))].sort((a, b) => a - b);
  const yLog = chart.yScale === 'log' && points.every((point) => point.y > 0);
  const highest = Math.max(...points.map((point) => point.high ?? point.y));
  const fitted = fitAxis(highest);
  const yTop = yLog ? niceCeiling(highest) : fitted.top;
  const yLow = yLog
    ? niceFloor(Math.min(...points.map((point) => point.low ?? point.y).filter((value) => value > 0)))
    : 0;
  const frame = createLogFrame(sizes, yLow, yTop, yLog);
  const dashes = effectiveDashes(chart.series, yTop - yLow);
  const height = HEIGHT + legendHeight(chart.series.length);
  const parts = [
    ...openSvg(chart.id, chart.title, chart.description, height),
    ...drawLogAxes(frame, sizes, yLow, yTop, chart.xAxisLabel, chart.yAxisLabel, fitted.intervals),
  ];
  chart.series.forEach((series, index) => {
    const stroke = colour(series.colourIndex);
    const sorted = [...series.points].sort((a, b) => a.x - b.x);
    const path = sorted.map((point) => `${fixed(frame.x(point.x))},${fixed(frame.y(point.y))}`).join(' ');
    parts.push(
      `<polyline class="mark" points="${path}" fill="none" stroke="${stroke}" stroke-width="2"${DASH[dashes[index]!]}/>`,
    );
    for (const point of sorted) {
      const cx = fixed(frame.x(point.x));
      if (point.low !== undefined && point.high !== undefined && frame.y(point.low) - frame.y(point.high) >= 1) {
        parts.push(
          `<line class="error-bar" x1="${cx}" y1="${fixed(frame.y(point.low))}" x2="${cx}" y2="${fixed(frame.y(point.high))}" stroke="${stroke}" stroke-width="1.5"/>`,
        );
      }
      parts.push(`<circle class="mark" cx="${cx}" cy="${fixed(frame.y(point.y))}" r="3" fill="${stroke}"/>`);
    }
  });
  parts.push(
    ...drawLegend(
      chart.series.map((series, index) => ({
        name: series.name,
        colourIndex: series.colourIndex,
        dash: dashes[index]!,
      })),
    ),
    '</svg>',
  );
  return parts.join('\n');
}
