import type { CounterInfo, ProcessEntry } from '@ngcc-perf/record';
import { asJsonObject, pickExtra } from './extra-fields.js';
import type { AnchorProcess, AnchorRecord } from './anchor-record-schema.js';

/** One entry of an imported record's `processes`: one trial of one anchor driver process. */
export type ImportedProcessEntry = ProcessEntry & {
  /** Where the entry came from: the anchor process (0-based), its trial, and how many it had. */
  origin: { processIndex: number; trialIndex: number | null; trialsInProcess: number };
  /** The process's (and trial's) source fields without a place in ngcc-perf's format, verbatim. */
  extra: Record<string, unknown>;
};

/** ngcc-perf's nanosecond counter: what ticks become when the anchor has no cycle count. */
const CLOCK_COUNTER: CounterInfo = {
  name: 'clock',
  kind: 'fixed-rate',
  hz: 1e9,
  reason:
    'the ngcc-harness recorded no cycle count for these trials (cpu_cycles_available "no" or cycles 0); ticks are its CLOCK_MONOTONIC_RAW seconds in nanoseconds',
};

/**
 * The CPU of `taskset -c N …` (how the anchor pins each driver process), or null when the
 * command does not pin exactly one CPU.
 *
 * @example
 * ```ts
 * tasksetCpu(['taskset', '-c', '7', 'performance/ngcc_perf']); // 7
 * ```
 */
export function tasksetCpu(command: readonly string[]): number | null {
  const index = command.indexOf('taskset');
  if (index < 0 || command[index + 1] !== '-c') return null;
  const cpu = command[index + 2];
  return cpu !== undefined && /^\d+$/.test(cpu) ? Number(cpu) : null;
}

function hasCycles(record: AnchorRecord): boolean {
  const withMeta = record.processes.filter((entry) => entry.meta !== undefined);
  const trials = record.processes.flatMap((entry) => entry.trials ?? []);
  return (
    withMeta.length > 0 &&
    withMeta.every((entry) => entry.meta?.cpu_cycles_available === 'yes') &&
    trials.length > 0 &&
    trials.every((trial) => typeof trial.cycles === 'number' && trial.cycles > 0)
  );
}

/**
 * The counter an anchor record's ticks come from: `pmu-cycles` (core cycles, perf_event
 * HW_CPU_CYCLES in user mode) when every process's META says `cpu_cycles_available: yes` and
 * every trial has cycles, at the harness's measured core clock `environment.core_clock_hz`;
 * otherwise ngcc-perf's `clock` counter (1 GHz), the ticks being the trial's nanoseconds.
 * Null when the record has no trial.
 *
 * @example
 * ```ts
 * chooseCounter(record); // { name: 'pmu-cycles', kind: 'core-cycles', hz: 2694810952, reason: '…' }
 * ```
 */
export function chooseCounter(record: AnchorRecord): CounterInfo | null {
  if (!record.processes.some((entry) => (entry.trials ?? []).length > 0)) return null;
  if (!hasCycles(record)) return CLOCK_COUNTER;
  const hz = record.environment?.core_clock_hz ?? null;
  return {
    name: 'pmu-cycles',
    kind: 'core-cycles',
    hz: hz !== null && hz > 0 ? hz : null,
    reason:
      'ngcc-harness: perf_event PERF_COUNT_HW_CPU_CYCLES in user mode (META cpu_cycles_available "yes"); hz is its measured core clock, environment.core_clock_hz',
  };
}

function rssBytes(process: AnchorProcess, key: 'baseline_rss_bytes' | 'peak_rss_bytes'): number | null {
  const text = process.meta?.[key];
  return text === undefined ? null : Number(text);
}

const PROCESS_FIELDS = ['command', 'exit_code', 'wall_s', 'disturbed_retries', 'trials', 'meta'];
const TRIAL_FIELDS = ['measurements', 'seconds', 'cycles'];

/**
 * Turns an anchor record's driver processes into ngcc-perf process entries, one per trial (a
 * process that ran several trials gives several entries with the same process-level fields and
 * `origin.processIndex`; one without a trial gives one entry with `trial: null`). The CPU is
 * read from `taskset -c N`, RSS figures from the META text, `attempts` is the process's
 * `disturbed_retries` + 1. With a `clock` counter, ticks are the trial's nanoseconds and the
 * anchor's `cycles` stays in `extra.trial`.
 *
 * @param record - the validated anchor record
 * @param rawProcesses - `record.processes` exactly as parsed (for `extra`)
 * @param counter - from {@link chooseCounter}
 * @example
 * ```ts
 * const processes = mapProcesses(record, raw.processes as unknown[], chooseCounter(record));
 * ```
 */
export function mapProcesses(
  record: AnchorRecord,
  rawProcesses: readonly unknown[],
  counter: CounterInfo | null,
): ImportedProcessEntry[] {
  const cyclesAreTicks = counter?.name === 'pmu-cycles';
  return record.processes.flatMap((process, processIndex): ImportedProcessEntry[] => {
    const raw = asJsonObject(rawProcesses[processIndex]);
    const extra = pickExtra(raw, PROCESS_FIELDS);
    if (raw.meta !== undefined) {
      const meta = pickExtra(asJsonObject(raw.meta), ['baseline_rss_bytes', 'peak_rss_bytes']);
      extra.meta = meta;
    }
    const common = {
      command: process.command,
      cpu: tasksetCpu(process.command),
      exitCode: process.exit_code ?? null,
      wallSeconds: process.wall_s,
      attempts: (process.disturbed_retries ?? 0) + 1,
      baselineRssBytes: rssBytes(process, 'baseline_rss_bytes'),
      peakRssBytes: rssBytes(process, 'peak_rss_bytes'),
    };
    const trials = process.trials ?? [];
    if (trials.length === 0) {
      return [{ ...common, trial: null, origin: { processIndex, trialIndex: null, trialsInProcess: 0 }, extra }];
    }
    const rawTrials = Array.isArray(raw.trials) ? raw.trials : [];
    return trials.map((trial, trialIndex) => {
      const trialExtra = pickExtra(
        asJsonObject(rawTrials[trialIndex]),
        cyclesAreTicks ? TRIAL_FIELDS : ['measurements', 'seconds'],
      );
      const ticks = cyclesAreTicks ? trial.cycles! : Math.round(trial.seconds * 1e9);
      return {
        ...common,
        trial: { iterations: trial.measurements, seconds: trial.seconds, ticks },
        origin: { processIndex, trialIndex, trialsInProcess: trials.length },
        extra: Object.keys(trialExtra).length === 0 ? extra : { ...extra, trial: trialExtra },
      };
    });
  });
}
