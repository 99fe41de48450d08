// Text alternatives of charts: the numbers behind each line as a table, one row per message
// length, one column per series.
import type { Inline, LineSeries, TableBlock } from './report-model.js';

export function lineSeriesTable(
  caption: string,
  series: readonly LineSeries[],
  format: (value: number) => string,
): TableBlock {
  const sizes = [...new Set(series.flatMap((entry) => entry.points.map((point) => point.x)))].sort((a, b) => a - b);
  const rows: Inline[][][] = sizes.map((bytes) => [
    [`${bytes} B`],
    ...series.map((entry) => {
      const point = entry.points.find((candidate) => candidate.x === bytes);
      return [point === undefined ? '—' : format(point.y)];
    }),
  ]);
  return {
    kind: 'table',
    caption,
    headers: ['message', ...series.map((entry) => entry.name)],
    numeric: [false, ...series.map(() => true)],
    rows,
    rowHeaders: true,
  };
}

/** `litchi_512: 129.0 at 32 B, 63.1 at 128 B` for each series, joined by `. `. */
export function describeSeries(series: readonly LineSeries[], format: (value: number) => string): string {
  return series
    .map((entry) => `${entry.name}: ${entry.points.map((point) => `${format(point.y)} at ${point.x} B`).join(', ')}`)
    .join('. ');
}
