import { summarizeTrials } from '@ngcc-perf/report';
import { RECORD_FORMAT } from '@ngcc-perf/record';
import { deriveTrialFigures } from '@ngcc-perf/stats';
import type { CounterInfo, DerivedFigures } from '@ngcc-perf/record';
import { asJsonObject, pickExtra } from './extra-fields.js';
import { ANCHOR_RECORD_SCHEMA, ANCHOR_TOOL } from './import-types.js';
import { chooseCounter, mapProcesses } from './map-processes.js';
import type { AnchorCampaign } from './anchor-campaign-schema.js';
import type { AnchorRecord } from './anchor-record-schema.js';
import type { FileOrigin, ImportedBuildInstance } from './import-types.js';
import type { ImportedProcessEntry } from './map-processes.js';

/** An imported record as written to `records/<candidate>/<instance>__hash_<L>.json`. */
export interface ImportedRecord {
  format: typeof RECORD_FORMAT;
  status: 'complete' | 'failed';
  failure?: string;
  candidate: string;
  algorithm: string;
  instance: string;
  variant: ImportedBuildInstance['variant'];
  flags: string;
  operation: 'hash';
  messageBytes: number;
  digestBits: number;
  kat: ImportedBuildInstance['kat'];
  katLog: string | null;
  katLogSha256: string | null;
  /** Null: the anchor dataset does not hold the measured libraries (see `extra.library`). */
  library: string | null;
  librarySha256: string;
  imageBytes: number | null;
  /** `calibrationSeconds` is null: the anchor keeps its calibrations outside the published data. */
  plan: {
    trialTargetSeconds: number;
    budgetSeconds: number;
    calibrationSeconds: null;
    iterationsPerTrial: number;
    warmups: number;
    trials: number;
    estimatedSeconds: number;
    timeoutPerProcessSeconds: number;
  };
  counter: CounterInfo | null;
  startedUtc: string;
  endedUtc: string;
  loadAverageStart: [number, number, number] | null;
  loadAverageEnd: [number, number, number] | null;
  processes: ImportedProcessEntry[];
  derived: DerivedFigures | null;
  disturbedRetries: number;
  origin: FileOrigin;
  extra: Record<string, unknown>;
}

const PLAN_FIELDS = ['iterations_per_trial', 'warmups', 'trials', 'estimated_s', 'timeout_per_process_s'];
const RECORD_FIELDS = [
  'schema',
  'candidate',
  'label',
  'flags',
  'input_bytes',
  'kat',
  'disturbed_retries',
  'library_sha256',
  'kat_log_sha256',
];
const RECORD_FIELDS_AS_IS = ['started_utc', 'ended_utc', 'load_average_start', 'load_average_end', 'processes'];

function describeFailure(record: AnchorRecord): string {
  const trials = record.processes.reduce((count, entry) => count + (entry.trials ?? []).length, 0);
  const problems = record.processes.flatMap((entry, index) => {
    if (entry.status === 'complete') return [];
    const exit = entry.exit_code === undefined || entry.exit_code === null ? '' : `, exit code ${entry.exit_code}`;
    const timeout = entry.timeout_s === undefined ? '' : `, stopped after ${entry.timeout_s} s`;
    const stderr = entry.stderr?.trim().split('\n').at(-1);
    return [`process ${index}: ${entry.status}${exit}${timeout}${stderr ? ` (${stderr})` : ''}`];
  });
  return `ngcc-harness status failed_or_partial: ${trials} of ${record.plan.trials} trials recorded${problems.length > 0 ? `; ${problems.join('; ')}` : ''}`;
}

function maximum(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : Math.max(...known);
}

function deriveFigures(processes: readonly ImportedProcessEntry[], messageBytes: number): DerivedFigures | null {
  const trials = processes.flatMap((entry) => (entry.trial === null ? [] : [entry.trial]));
  if (trials.length === 0 || messageBytes <= 0) return null;
  const baselineRssBytes = maximum(processes.map((entry) => entry.baselineRssBytes));
  const peakRssBytes = maximum(processes.map((entry) => entry.peakRssBytes));
  if (baselineRssBytes === null || peakRssBytes === null) return null;
  // The spread the evidence gives: the trial CV (sdTrialCycles over the mean of the trial means),
  // the 95 % interval and Tukey's outliers, from the same trials and by the same definitions as a
  // run of ngcc-perf, so the report states what the trials show rather than nothing.
  const spread = deriveTrialFigures(trials, messageBytes);
  return {
    ...summarizeTrials(trials, messageBytes),
    cv: spread.trialMeans.cv,
    ciLowCycles: spread.trialMeans.ciLow,
    ciHighCycles: spread.trialMeans.ciHigh,
    outlierTrials: spread.outliers.outlierIndices,
    baselineRssBytes,
    peakRssBytes,
  };
}

/**
 * Maps one anchor record (schema 2, already checked) to an ngcc-perf format-1 record
 * (docs/RUN-DIRECTORY.md, docs/IMPORT.md): build facts from the imported build.json instance,
 * plan targets from the campaign's planning, one process entry per trial, `cycles` → `ticks`
 * with the counter that produced them, derived figures recomputed from the trials (SPEC §5).
 * `failed_or_partial` becomes `failed` with a `failure` naming each process that did not
 * complete. Every anchor field without a place — environment, the anchor's own statistics,
 * its library path — stays in `extra`, verbatim.
 *
 * @param record - the validated record
 * @param raw - the record exactly as parsed
 * @param file - its path inside the dataset (`records/<id>/<label>__hash_<L>.json`)
 * @param instance - its instance as imported into build.json
 * @param campaign - the anchor's campaign (trial target and budget)
 * @example
 * ```ts
 * const imported = mapRecord(record, raw, 'records/hash-15/litchi_512__hash_32.json', instance, campaign);
 * ```
 */
export function mapRecord(
  record: AnchorRecord,
  raw: Record<string, unknown>,
  file: string,
  instance: ImportedBuildInstance,
  campaign: AnchorCampaign,
): ImportedRecord {
  const counter = chooseCounter(record);
  const processes = mapProcesses(record, Array.isArray(raw.processes) ? raw.processes : [], counter);
  const consumed = [...RECORD_FIELDS, ...RECORD_FIELDS_AS_IS, 'plan'];
  if (record.status === 'complete') consumed.push('status');
  if (record.variant === instance.variant) consumed.push('variant');
  if (record.operation === 'hash') consumed.push('operation');
  if (record.kat_log === instance.katLog) consumed.push('kat_log');
  const extra = pickExtra(raw, consumed);
  const planExtra = pickExtra(asJsonObject(raw.plan), PLAN_FIELDS);
  if (Object.keys(planExtra).length > 0) extra.plan = planExtra;
  const digestBytes = record.sizes?.digest_bytes;
  return {
    format: RECORD_FORMAT,
    status: record.status === 'complete' ? 'complete' : 'failed',
    ...(record.status === 'complete' ? {} : { failure: describeFailure(record) }),
    candidate: record.candidate,
    algorithm: instance.algorithm,
    instance: record.label,
    variant: instance.variant,
    flags: record.flags,
    operation: 'hash',
    messageBytes: record.input_bytes,
    digestBits: digestBytes !== undefined && digestBytes > 0 ? digestBytes * 8 : instance.digestBits,
    kat: instance.kat,
    katLog: instance.katLog,
    katLogSha256: record.kat_log_sha256 ?? null,
    library: instance.library,
    librarySha256: record.library_sha256,
    imageBytes: instance.imageBytes,
    plan: {
      trialTargetSeconds: campaign.planning.trial_target_s,
      budgetSeconds: campaign.planning.op_budget_s,
      calibrationSeconds: null,
      iterationsPerTrial: record.plan.iterations_per_trial,
      warmups: record.plan.warmups,
      trials: record.plan.trials,
      estimatedSeconds: record.plan.estimated_s,
      timeoutPerProcessSeconds: record.plan.timeout_per_process_s,
    },
    counter,
    startedUtc: record.started_utc,
    endedUtc: record.ended_utc,
    loadAverageStart: record.load_average_start ?? null,
    loadAverageEnd: record.load_average_end ?? null,
    processes,
    derived: deriveFigures(processes, record.input_bytes),
    disturbedRetries: record.disturbed_retries,
    origin: { tool: ANCHOR_TOOL, schema: ANCHOR_RECORD_SCHEMA, file },
    extra,
  };
}
