// §5 charts (HTML only): peak and baseline RSS per message length, and the memory of one call
// (stack, heap peak, operation peak) where the records have it. Values in KiB.
import { formatKib } from '@ngcc-perf/stats';
import { CALL_MEMORY_FIGURES } from '../call-memory-growth.js';
import { FIGURE_LABEL } from './call-memory-section.js';
import { describeSeries, lineSeriesTable } from './chart-data.js';
import type { CandidateContext } from './candidate-context.js';
import type { TimingRecord } from '@ngcc-perf/record';
import type { ChartBlock, LineSeries } from './report-model.js';

const DASHES = ['solid', 'dashed', 'dotted'] as const;
/** Index of black in the chart colours: a line shared by several instances. */
const BLACK = 6;
const kib = (value: number): string => `${value.toFixed(1)} KiB`;

function recordsOf(context: CandidateContext, instance: string): TimingRecord[] {
  return context.records.map(({ record }) => record).filter((record) => record.instance === instance);
}

function series(
  name: string,
  colourIndex: number,
  dash: LineSeries['dash'],
  points: { x: number; bytes: number | null | undefined }[],
): LineSeries[] {
  const known = points.flatMap((point) =>
    typeof point.bytes === 'number' ? [{ x: point.x, y: point.bytes / 1024 }] : [],
  );
  return known.length === 0 ? [] : [{ name, colourIndex, dash, points: known }];
}

/**
 * Series of one figure whose points are identical across instances become one line, named for all
 * of them and drawn in black, instead of lines stacked on top of each other.
 */
function mergeIdentical(
  groups: {
    figure: string;
    dash: LineSeries['dash'];
    perInstance: { instance: string; colourIndex: number; points: LineSeries['points'] }[];
  }[],
  instances: number,
): LineSeries[] {
  return groups.flatMap(({ figure, dash, perInstance }) => {
    const byPoints = new Map<string, typeof perInstance>();
    for (const entry of perInstance) {
      const key = JSON.stringify(entry.points);
      byPoints.set(key, [...(byPoints.get(key) ?? []), entry]);
    }
    return [...byPoints.values()].map((same): LineSeries => {
      if (same.length === 1)
        return {
          name: `${same[0]!.instance} ${figure}`,
          colourIndex: same[0]!.colourIndex,
          dash,
          points: same[0]!.points,
        };
      const names =
        same.length === instances ? `all ${instances} instances` : same.map((entry) => entry.instance).join(', ');
      return { name: `${figure}: ${names}`, colourIndex: BLACK, dash, points: same[0]!.points };
    });
  });
}

export function buildMemoryCharts(context: CandidateContext): ChartBlock[] {
  const system = context.dataset.campaign.systemId;
  const rss: LineSeries[] = [];
  const callGroups = CALL_MEMORY_FIGURES.map((figure, figureIndex) => ({
    figure: FIGURE_LABEL[figure],
    dash: DASHES[figureIndex]!,
    perInstance: [] as { instance: string; colourIndex: number; points: LineSeries['points'] }[],
  }));
  context.instances.forEach((entry, index) => {
    const records = recordsOf(context, entry.instance).filter((record) => record.status === 'complete');
    const derived = records.map((record) => ({
      x: record.messageBytes,
      derived: record.status === 'complete' ? record.derived : null,
    }));
    rss.push(
      ...series(
        `${entry.instance} peak RSS`,
        index,
        'solid',
        derived.map((point) => ({ x: point.x, bytes: point.derived?.peakRssBytes })),
      ),
    );
    rss.push(
      ...series(
        `${entry.instance} baseline RSS`,
        index,
        'dotted',
        derived.map((point) => ({ x: point.x, bytes: point.derived?.baselineRssBytes })),
      ),
    );
    CALL_MEMORY_FIGURES.forEach((figure, figureIndex) => {
      const points = recordsOf(context, entry.instance).map((record) => ({
        x: record.messageBytes,
        bytes: record.memory?.[figure],
      }));
      for (const line of series(entry.instance, index, DASHES[figureIndex]!, points))
        callGroups[figureIndex]!.perInstance.push({
          instance: entry.instance,
          colourIndex: index,
          points: line.points,
        });
    });
  });
  const call = mergeIdentical(callGroups, context.instances.length);
  const charts: ChartBlock[] = [];
  if (rss.length > 0) {
    charts.push({
      kind: 'chart',
      chart: 'line',
      id: 'rss-chart',
      title: `${context.candidateId}: resident memory of the driver process by message length (system ${system})`,
      description: `Solid lines: peak RSS; dotted: baseline RSS; one colour per instance; x axis: message length in bytes, logarithmic; y axis: KiB, from 0. ${describeSeries(rss, (value) => formatKib(value * 1024))}.`,
      xAxisLabel: 'message length (bytes, logarithmic)',
      yAxisLabel: 'KiB',
      series: rss,
      data: lineSeriesTable('Resident memory (KiB) by message length', rss, kib),
    });
  }
  if (call.length > 0) {
    charts.push({
      kind: 'chart',
      chart: 'line',
      id: 'call-memory-chart',
      title: `${context.candidateId}: memory of one call by message length (system ${system})`,
      description: `Solid lines: stack high-water; dashed: heap peak; dotted: operation peak; one colour per instance, black where several instances measured the same; x axis: message length in bytes, logarithmic; y axis: KiB, from 0. ${describeSeries(call, kib)}.`,
      xAxisLabel: 'message length (bytes, logarithmic)',
      yAxisLabel: 'KiB',
      series: call,
      data: lineSeriesTable('Memory of one call (KiB) by message length', call, kib),
    });
  }
  return charts;
}
