// §2 Assessment environment: the host table and its clock line (guide §3.4 host state, guide §3.5),
// the same for a candidate of any category: it reads the campaign and the records' processes and counters.
import { median } from '@ngcc-perf/stats';
import { formatGigahertz, formatUtcSeconds } from './candidate-context.js';
import { paragraph } from './report-model.js';
import type { AnyTimingRecord, Campaign } from '@ngcc-perf/record';
import type { HostEnvironment } from '@ngcc-perf/record';
import type { CounterInfo } from '@ngcc-perf/record';
import type { Inline, ReportSection } from './report-model.js';

/** What the environment section reads: the run's campaign and one candidate's records, of any category. */
export interface RecordsContext {
  dataset: { campaign: Campaign };
  records: readonly { record: AnyTimingRecord }[];
}

function cpusUsed(context: RecordsContext): number[] {
  const cpus = new Set<number>();
  for (const { record } of context.records) {
    for (const entry of record.processes) if (entry.cpu !== null) cpus.add(entry.cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

function describeProcessor(context: RecordsContext, environment: HostEnvironment): string {
  const model = environment.cpuModel ?? 'unknown processor';
  const cpus = cpusUsed(context);
  if (cpus.length === 0) return model;
  if (cpus.length === 1) return `${model} (CPU ${cpus[0]}, one core)`;
  return `${model} (CPUs ${cpus.join(', ')}; one core per process)`;
}

/**
 * Distinct counters (by name and kind) of the candidate's records, in first-seen order. Each
 * record measures its counter's rate on its own trials; the rate shown is the median of those
 * per-record rates, so a page names one rate per counter instead of one per record.
 */
export function countersUsed(context: RecordsContext): CounterInfo[] {
  const groups = new Map<string, { counter: CounterInfo; rates: number[] }>();
  for (const { record } of context.records) {
    const counter = record.counter;
    if (counter === null || counter === undefined) continue;
    const key = `${counter.name}/${counter.kind}`;
    const group = groups.get(key) ?? { counter, rates: [] };
    if (typeof counter.hz === 'number') group.rates.push(counter.hz);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ counter, rates }) => ({
    ...counter,
    hz: rates.length === 0 ? counter.hz : median(rates),
  }));
}

function describeCounter(counter: CounterInfo): string {
  return counter.hz === null || counter.hz === undefined
    ? `counter ${counter.name}`
    : `counter ${counter.name} at ${formatGigahertz(counter.hz)}`;
}

function describeClock(context: RecordsContext, environment: HostEnvironment): string {
  if (environment.cpufreqMaxKhz === null) {
    const why = environment.virtualized === true ? 'no cpufreq; virtual machine' : 'no cpufreq';
    const counters = countersUsed(context).map(describeCounter);
    return [`not fixed-verified (${why})`, ...counters].join('; ');
  }
  const parts = [`max ${formatGigahertz(environment.cpufreqMaxKhz * 1e3)}`];
  if (environment.cpufreqGovernor !== null) parts.push(`governor ${environment.cpufreqGovernor}`);
  if (environment.noTurbo !== null) parts.push(environment.noTurbo ? 'turbo off' : 'turbo on');
  else if (environment.boost !== null) parts.push(environment.boost ? 'boost on' : 'boost off');
  if (environment.smtActive !== null) parts.push(environment.smtActive ? 'SMT on' : 'SMT off');
  return parts.join(', ');
}

const CLOCK_FIELDS = ['cpufreqGovernor', 'cpufreqMinKhz', 'cpufreqMaxKhz', 'noTurbo', 'boost', 'smtActive'] as const;

export function buildEnvironmentSection(context: RecordsContext): ReportSection {
  const { campaign } = context.dataset;
  const start = campaign.environmentAtStart;
  const memory = start.memoryTotalKib === null ? 'unknown' : `${Math.floor(start.memoryTotalKib / 1024)} MiB`;
  const rows: [string, string][] = [
    ['processor', describeProcessor(context, start)],
    ['clock', describeClock(context, start)],
    ['memory', memory],
    ['OS / kernel', `${start.os ?? 'unknown'} / ${start.kernel ?? 'unknown'}`],
    ['compiler / build tool', `${campaign.tools.compiler ?? 'unknown'} / ${campaign.tools.buildTool ?? 'unknown'}`],
    ['campaign start / end (UTC)', `${formatUtcSeconds(campaign.startedUtc)} / ${formatUtcSeconds(campaign.endedUtc)}`],
  ];
  const notes: Inline[] = [];
  const changed = CLOCK_FIELDS.filter((field) => campaign.environmentAtEnd[field] !== start[field]);
  notes.push(
    changed.length === 0
      ? 'The table shows the host as checked when the campaign started; the clock settings were the same at its end.'
      : `The table shows the host as checked when the campaign started; by its end these settings had changed: ${changed.join(', ')}.`,
  );
  notes.push(
    campaign.hostProblems.length === 0
      ? ' The host checks found no problem.'
      : ` The host checks reported: ${campaign.hostProblems.map((problem) => problem.message).join('; ')}.`,
  );
  return {
    heading: '2. Assessment environment',
    id: 'environment',
    blocks: [
      {
        kind: 'table',
        caption: 'Assessment environment',
        headers: ['item', 'value'],
        numeric: [false, false],
        rows: rows.map(([item, value]) => [[item], [value]]),
      },
      paragraph(...notes),
    ],
  };
}
