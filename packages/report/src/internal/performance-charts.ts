// §4 charts (HTML only): cycles/byte and MB/s against message length, and the trial spread.
import { formatCyclesPerByte, formatMegabytesPerSecond } from '@ngcc-perf/stats';
import { describeSeries, lineSeriesTable } from './chart-data.js';
import { counterTerm } from './counter-term.js';
import { countersUsed } from './environment-section.js';
import type { CandidateContext } from './candidate-context.js';
import type { CompleteTimingRecord } from '@ngcc-perf/record';
import type { ChartBlock, Inline, LineSeries, SpreadGroup } from './report-model.js';

function completeByInstance(context: CandidateContext): { instance: string; records: CompleteTimingRecord[] }[] {
  return context.instances.flatMap((entry) => {
    const records = context.records
      .map(({ record }) => record)
      .filter(
        (record): record is CompleteTimingRecord => record.instance === entry.instance && record.status === 'complete',
      );
    return records.length === 0 ? [] : [{ instance: entry.instance, records }];
  });
}

/** A figure of each trial, from its iterations, ticks and seconds. */
type TrialFigure = (trial: { iterations: number; ticks: number; seconds: number }, messageBytes: number) => number;

/** The lowest and highest trial's figure (the error bar); nothing with fewer than two trials. */
function trialRange(record: CompleteTimingRecord, figure: TrialFigure): { low?: number; high?: number } {
  const values = record.processes.flatMap((entry) =>
    entry.trial === null || !(entry.trial.iterations > 0) || !(entry.trial.seconds > 0)
      ? []
      : [figure(entry.trial, record.messageBytes)],
  );
  if (values.length < 2) return {};
  return { low: Math.min(...values), high: Math.max(...values) };
}

function lineSeries(
  context: CandidateContext,
  pick: (record: CompleteTimingRecord) => number,
  figure: TrialFigure,
): LineSeries[] {
  return completeByInstance(context).map(({ instance, records }, index) => ({
    name: instance,
    colourIndex: index,
    dash: 'solid' as const,
    points: records.map((record) => ({ x: record.messageBytes, y: pick(record), ...trialRange(record, figure) })),
  }));
}

const trialCyclesPerByte: TrialFigure = (trial, messageBytes) => trial.ticks / trial.iterations / messageBytes;
const trialMegabytesPerSecond: TrialFigure = (trial, messageBytes) =>
  (messageBytes * trial.iterations) / trial.seconds / 1e6;

function percent(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(2)} %`;
}

function spreadGroups(context: CandidateContext): { groups: SpreadGroup[]; rows: Inline[][][]; names: string[] } {
  const groups: SpreadGroup[] = [];
  const rows: Inline[][][] = [];
  const byInstance = completeByInstance(context);
  byInstance.forEach(({ instance, records }, seriesIndex) => {
    for (const record of records) {
      const mean = record.derived.meanCycles;
      if (!(mean > 0)) continue;
      const deviations = record.processes.flatMap((entry) =>
        entry.trial === null ? [] : [(entry.trial.ticks / entry.trial.iterations / mean - 1) * 100],
      );
      const perCall = record.derived.perCall;
      const quartiles: [number, number, number] | undefined =
        perCall === null || perCall === undefined
          ? undefined
          : [
              (perCall.q1Cycles / mean - 1) * 100,
              (perCall.medianCycles / mean - 1) * 100,
              (perCall.q3Cycles / mean - 1) * 100,
            ];
      groups.push({
        x: record.messageBytes,
        seriesIndex,
        trialDeviationsPercent: deviations,
        ...(quartiles === undefined ? {} : { quartilesPercent: quartiles }),
      });
      rows.push([
        [instance],
        [`${record.messageBytes} B`],
        [deviations.map(percent).join(', ')],
        [quartiles === undefined ? '—' : quartiles.map(percent).join(' / ')],
      ]);
    }
  });
  return { groups, rows, names: byInstance.map(({ instance }) => instance) };
}

export function buildPerformanceCharts(context: CandidateContext): ChartBlock[] {
  const charts: ChartBlock[] = [];
  const system = context.dataset.campaign.systemId;
  const counter = countersUsed(context)[0];
  const unit = counter?.kind === 'fixed-rate' ? `${counter.name} ticks per byte` : 'cycles per byte';
  const perByte = lineSeries(context, (record) => record.derived.cyclesPerByte, trialCyclesPerByte);
  if (perByte.length === 0) return charts;
  charts.push({
    kind: 'chart',
    chart: 'line',
    id: 'performance-chart',
    title: `${context.candidateId}: ${unit} by message length (system ${system})`,
    description: `One line per instance at the mean; error bars span the slowest to the fastest trial; x axis: message length in bytes, logarithmic; y axis: ${unit}, logarithmic. ${describeSeries(perByte, formatCyclesPerByte)}.`,
    xAxisLabel: 'message length (bytes, logarithmic)',
    yAxisLabel: `${unit} (logarithmic)`,
    yScale: 'log',
    series: perByte,
    data: lineSeriesTable(`${unit} by message length`, perByte, formatCyclesPerByte),
  });
  const throughput = lineSeries(context, (record) => record.derived.megabytesPerSecond, trialMegabytesPerSecond);
  charts.push({
    kind: 'chart',
    chart: 'line',
    id: 'throughput-chart',
    title: `${context.candidateId}: throughput in MB/s by message length (system ${system})`,
    description: `One line per instance at the mean; error bars span the slowest to the fastest trial; x axis: message length in bytes, logarithmic; y axis: MB/s (10^6 bytes per second), from 0. ${describeSeries(throughput, formatMegabytesPerSecond)}.`,
    xAxisLabel: 'message length (bytes, logarithmic)',
    yAxisLabel: 'MB/s',
    series: throughput,
    data: lineSeriesTable('MB/s by message length', throughput, formatMegabytesPerSecond),
  });
  const spread = spreadGroups(context);
  const withQuartiles = spread.groups.some((group) => group.quartilesPercent !== undefined);
  const largest = Math.max(0, ...spread.groups.flatMap((group) => group.trialDeviationsPercent.map(Math.abs)));
  charts.push({
    kind: 'chart',
    chart: 'spread',
    id: 'spread-chart',
    title: `${context.candidateId}: spread of the trials around the mean (system ${system})`,
    description:
      `For each instance and message length, one dot per trial at its mean ${counterTerm(context.dataset.records.map(({ record }) => record)).perCall} per call, as a percentage above or below the mean over all trials` +
      (withQuartiles ? '; bars span the per-call first to third quartile, with a tick at the median' : '') +
      `. The largest trial deviation is ${largest.toFixed(2)} %.`,
    xAxisLabel: 'message length (bytes, logarithmic)',
    yAxisLabel: 'trial mean vs. mean (%)',
    seriesNames: spread.names,
    groups: spread.groups,
    data: {
      kind: 'table',
      caption: 'Trial means and per-call quartiles relative to the mean',
      headers: ['instance', 'message', 'trial means vs. mean', 'per-call q1 / median / q3 vs. mean'],
      numeric: [false, true, true, true],
      rows: spread.rows,
      rowHeaders: true,
    },
  });
  return charts;
}
