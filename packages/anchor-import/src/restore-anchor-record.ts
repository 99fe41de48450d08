import { asJsonObject } from './extra-fields.js';

type Json = Record<string, unknown>;

interface ImportedProcessJson {
  command: string[];
  exitCode: number | null;
  wallSeconds: number;
  attempts: number;
  baselineRssBytes: number | null;
  peakRssBytes: number | null;
  trial: { iterations: number; seconds: number; ticks: number } | null;
  origin: { processIndex: number };
  extra?: Json;
}

function restoreProcess(entries: readonly ImportedProcessJson[], cyclesAreTicks: boolean): Json {
  const first = entries[0]!;
  const extra = { ...asJsonObject(first.extra) };
  const meta = extra.meta;
  delete extra.meta;
  delete extra.trial;
  const process: Json = {
    ...extra,
    command: first.command,
    wall_s: first.wallSeconds,
    disturbed_retries: first.attempts - 1,
  };
  if (first.exitCode !== null) process.exit_code = first.exitCode;
  // The harness's driver() writes `meta` and `trials` together (both empty when nothing was
  // printed); only a hard timeout has neither.
  if (meta !== undefined) {
    const restored: Json = { ...asJsonObject(meta) };
    if (first.baselineRssBytes !== null) restored.baseline_rss_bytes = String(first.baselineRssBytes);
    if (first.peakRssBytes !== null) restored.peak_rss_bytes = String(first.peakRssBytes);
    process.meta = restored;
    process.trials = entries.flatMap((entry) => {
      if (entry.trial === null) return [];
      const trialExtra = asJsonObject(asJsonObject(entry.extra).trial);
      return [
        {
          ...trialExtra,
          measurements: entry.trial.iterations,
          seconds: entry.trial.seconds,
          ...(cyclesAreTicks ? { cycles: entry.trial.ticks } : {}),
        },
      ];
    });
  }
  return process;
}

/**
 * Rebuilds the anchor's record (schema 2) from an imported one: the mapped fields read back
 * (`messageBytes` → `input_bytes`, ticks → `cycles` for a `pmu-cycles` counter, RSS bytes → META
 * text, `attempts` − 1 → `disturbed_retries`, process entries regrouped by
 * `origin.processIndex`) plus everything kept verbatim in `extra`. For what the harness writes it
 * gives the source record back exactly — the proof that the import dropped nothing — and it lets
 * a validator re-check the anchor's stored statistics on an imported run.
 *
 * @param imported - an imported record's JSON (`origin.tool` "ngcc-harness")
 * @returns the anchor record as JSON
 * @example
 * ```ts
 * const anchor = restoreAnchorRecord(JSON.parse(readFileSync('runs/arm_1/records/hash-15/litchi_512__hash_32.json', 'utf8')));
 * anchor.mean_cycles; // 3061.39297, as the harness stored it
 * ```
 */
export function restoreAnchorRecord(imported: Json): Json {
  const extra = asJsonObject(imported.extra);
  const plan = asJsonObject(imported.plan);
  const counter = asJsonObject(imported.counter);
  const entries = (Array.isArray(imported.processes) ? imported.processes : []) as ImportedProcessJson[];
  const groups: ImportedProcessJson[][] = [];
  for (const entry of entries) (groups[entry.origin.processIndex] ??= []).push(entry);
  const { plan: planExtra, ...rest } = extra;
  const take = (key: string, fallback: unknown): unknown => (key in extra ? extra[key] : fallback);
  return {
    ...rest,
    schema: asJsonObject(imported.origin).schema,
    status: take('status', imported.status),
    candidate: imported.candidate,
    label: imported.instance,
    variant: take('variant', imported.variant),
    flags: imported.flags,
    operation: take('operation', imported.operation),
    input_bytes: imported.messageBytes,
    plan: {
      iterations_per_trial: plan.iterationsPerTrial,
      warmups: plan.warmups,
      trials: plan.trials,
      estimated_s: plan.estimatedSeconds,
      timeout_per_process_s: plan.timeoutPerProcessSeconds,
      ...asJsonObject(planExtra),
    },
    kat: imported.kat,
    disturbed_retries: imported.disturbedRetries,
    library_sha256: imported.librarySha256,
    kat_log: take('kat_log', imported.katLog),
    kat_log_sha256: imported.katLogSha256,
    started_utc: imported.startedUtc,
    ended_utc: imported.endedUtc,
    load_average_start: imported.loadAverageStart,
    load_average_end: imported.loadAverageEnd,
    processes: groups
      .filter((group) => group !== undefined)
      .map((group) => restoreProcess(group, counter.name === 'pmu-cycles')),
  };
}
