// Spread chart: for each instance and message length, every trial's mean as a dot and, where the
// trials were timed per call, the per-call quartiles as a bar with a median tick — all as % of
// the record's mean cycles, so short and long messages share one axis.
import {
  colour,
  createLogFrame,
  drawLegend,
  drawLogAxes,
  fixed,
  HEIGHT,
  legendHeight,
  fitAxis,
  openSvg,
} from './svg-frame.js';
import type { LegendEntry } from './svg-frame.js';
import type { SpreadChartBlock } from './report-model.js';

const OFFSET_PX = 9;

/** A colour per instance, then a key for each kind of mark (grey): trial dot, quartile bar, the mean line. */
function legendEntries(names: readonly string[], withQuartiles: boolean): LegendEntry[] {
  const grey = '#555555';
  return [
    ...names.map((name, index): LegendEntry => ({ name, colourIndex: index, dash: 'solid', dot: true })),
    {
      name: 'dot: one trial’s mean',
      colourIndex: 0,
      dash: 'solid',
      mark: (x, y) => `<circle cx="${x}" cy="${y}" r="3.5" fill="${grey}"/>`,
    },
    ...(withQuartiles
      ? [
          {
            name: 'box: per-call Q1–Q3, tick: median',
            colourIndex: 0,
            dash: 'solid' as const,
            mark: (x: number, y: number) =>
              `<rect x="${x - 3.5}" y="${y - 7}" width="7" height="14" fill="${grey}" fill-opacity="0.25" stroke="${grey}"/><line x1="${x - 5}" y1="${y}" x2="${x + 5}" y2="${y}" stroke="${grey}" stroke-width="2"/>`,
          },
        ]
      : []),
    {
      name: 'dashed line: the mean over all trials',
      colourIndex: 0,
      dash: 'solid',
      mark: (x, y) =>
        `<line x1="${x - 12}" y1="${y}" x2="${x + 14}" y2="${y}" stroke="#777777" stroke-dasharray="4 3"/>`,
    },
  ];
}

export function renderSvgSpreadChart(chart: SpreadChartBlock): string {
  const values = chart.groups.flatMap((group) => [...group.trialDeviationsPercent, ...(group.quartilesPercent ?? [])]);
  const fitted = fitAxis(Math.max(0.1, ...values.map(Math.abs)), 4);
  const extent = fitted.top;
  const sizes = [...new Set(chart.groups.map((group) => group.x))].sort((a, b) => a - b);
  const frame = createLogFrame(sizes, -extent, extent);
  const withQuartiles = chart.groups.some((group) => group.quartilesPercent !== undefined);
  const legend = legendEntries(chart.seriesNames, withQuartiles);
  const parts = [
    ...openSvg(chart.id, chart.title, chart.description, HEIGHT + legendHeight(legend.length)),
    ...drawLogAxes(frame, sizes, -extent, extent, chart.xAxisLabel, chart.yAxisLabel, 2 * fitted.intervals),
  ];
  const zero = fixed(frame.y(0));
  parts.push(
    `<line x1="${fixed(frame.x(sizes[0]!) - 20)}" y1="${zero}" x2="${fixed(frame.x(sizes[sizes.length - 1]!) + 20)}" y2="${zero}" stroke="#777777" stroke-dasharray="4 3"/>`,
  );
  const count = chart.seriesNames.length;
  for (const group of chart.groups) {
    const fill = colour(group.seriesIndex);
    const centre = frame.x(group.x) + (group.seriesIndex - (count - 1) / 2) * OFFSET_PX;
    if (group.quartilesPercent !== undefined) {
      const [q1, median, q3] = group.quartilesPercent;
      const top = frame.y(Math.max(q1, q3));
      const height = Math.max(1, Math.abs(frame.y(q1) - frame.y(q3)));
      parts.push(
        `<rect class="mark" x="${fixed(centre - 3.5)}" y="${fixed(top)}" width="7" height="${fixed(height)}" fill="${fill}" fill-opacity="0.25" stroke="${fill}"/>`,
        `<line x1="${fixed(centre - 5)}" y1="${fixed(frame.y(median))}" x2="${fixed(centre + 5)}" y2="${fixed(frame.y(median))}" stroke="${fill}" stroke-width="2"/>`,
      );
    }
    for (const deviation of group.trialDeviationsPercent) {
      parts.push(
        `<circle class="mark" cx="${fixed(centre)}" cy="${fixed(frame.y(deviation))}" r="3" fill="${fill}" fill-opacity="0.8"/>`,
      );
    }
  }
  parts.push(...drawLegend(legend), '</svg>');
  return parts.join('\n');
}
