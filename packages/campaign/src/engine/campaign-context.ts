import type { KatManifest, OfficialManifest } from '@ngcc-perf/kat';
import type { BuildProfile } from '@ngcc-perf/native';
import type { CategoryRegistry } from '@ngcc-perf/category';
import type { CampaignCandidate, CampaignInstance } from './campaign-candidate.js';
import type { ToolVersions } from '../tool-versions.js';
import type { CampaignEventSink } from './campaign-events.js';
import type { CampaignPlan } from './campaign-types.js';
import type { RunState } from './run-state.js';

/** One instance of the campaign with its candidate. */
export interface CampaignUnit {
  /** `<candidate>/<instance>`. */
  key: string;
  candidate: CampaignCandidate;
  instance: CampaignInstance;
}

/** What every phase works with. */
export interface CampaignContext {
  state: RunState;
  /** This shard's instances, in the campaign's order. */
  units: CampaignUnit[];
  plan: CampaignPlan;
  /** CPUs that calibrate and measure, one worker each. */
  cpus: number[];
  /** A profile forced on every instance, or null (each instance's variant). */
  buildProfile: BuildProfile | null;
  driverPath: string;
  tools: ToolVersions;
  /** Parsed manifests by candidate id (undefined when the candidate has none). */
  manifests: Map<string, KatManifest | undefined>;
  /** The catalog's official manifests, read when a candidate has none of its own (its KAT files are recognised by digest); else []. */
  officialManifests: OfficialManifest[];
  /** Folder for CMake build trees, outside the run directory (they hold absolute paths). */
  buildRoot: string;
  /** Fixed core clock, Hz, when the host pins it (disturbed-trial check, guide §3.4). */
  coreClockHz: number | undefined;
  /**
   * The per-operation timeout, seconds (`run --operation-timeout`; timing's `operationTimeoutSeconds`),
   * or undefined: the operation's budget. Not part of the plan a resume must match: a run resumed
   * with a longer one measures again what timed out.
   */
  operationTimeoutSeconds?: number;
  /** Go on measuring when the host check finds problems (`--allow-unfixed-host`). */
  allowUnfixedHost: boolean;
  emit: CampaignEventSink;
  /** The categories the instances' `category` ids are looked up in (default `BUILT_IN_REGISTRY` of @ngcc-perf/categories). */
  categories: CategoryRegistry;
}

/**
 * KAT verdicts whose libraries are not timed (the ICCS KAT rules).
 * @example
 * UNTIMED_VERDICTS.has('CRASH'); // true
 */
export const UNTIMED_VERDICTS: ReadonlySet<string> = new Set(['LOADFAIL', 'CRASH']);

/**
 * Runs `work` for every item with at most `limit` at a time (the build and kat phases use as many
 * as the host has CPUs: nothing is timed then).
 * @returns once every item is done; the first error stops the others from taking new items.
 * @example
 * await forEachConcurrently(units, os.availableParallelism(), (unit) => build(unit));
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const slots = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, (_, i) => i);
  await forEachOnCpus(items, slots, (item) => work(item));
}

/**
 * Runs `work` for every item with one worker per CPU, each worker taking the next item.
 * @returns once every item is done; the first error stops the others from taking new items.
 * @example
 * await forEachOnCpus(operations, [2, 3], (operation, cpu) => measure(operation, cpu));
 */
export async function forEachOnCpus<T>(
  items: readonly T[],
  cpus: readonly number[],
  work: (item: T, cpu: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (cpu: number) => {
    while (!failed && next < items.length) {
      const item = items[next]!;
      next += 1;
      try {
        await work(item, cpu);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(cpus.map((cpu) => worker(cpu)));
}
