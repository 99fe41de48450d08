import { CampaignError } from '../campaign-error.js';
import type { ShardSpec } from './campaign-types.js';

/**
 * Parses `--shard K/N` (1-based K, 1 ≤ K ≤ N).
 * @throws {@link CampaignError} `USAGE` naming the option and the value.
 * @example
 * parseShardSpec('2/3'); // { index: 2, count: 3, source: 'flag' }
 */
export function parseShardSpec(text: string): ShardSpec {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count) {
    throw new CampaignError('USAGE', `--shard expects K/N with 1 ≤ K ≤ N (e.g. 2/4), got "${text}".`);
  }
  return { index, count, source: 'flag' };
}

function whole(name: string, value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  if (!/^\d+$/.test(value.trim()))
    throw new CampaignError('USAGE', `${name}="${value}" is not a whole number; fix the job's environment.`);
  return Number(value);
}

/**
 * Finds the shard from the job environment when no `--shard` is given: a Slurm job array
 * (`SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT`, offset by `SLURM_ARRAY_TASK_MIN` and divided
 * by `SLURM_ARRAY_TASK_STEP` so that `--array=0-3`, `--array=1-4` and `--array=1-7:2` all give
 * shards 1…4) or a Kubernetes Indexed Job
 * (`JOB_COMPLETION_INDEX`, 0-based, with N from `shardCount` — the Job's `completions`).
 * @param environment - usually `process.env`
 * @param shardCount - N for a Kubernetes Indexed Job (`--shard-count`); also overrides Slurm's count
 * @returns the shard, or null outside such a job
 * @throws {@link CampaignError} `USAGE` for an index outside 1…N, a task id off the array's step, or a
 *   Kubernetes job without N.
 * @example
 * shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '4' });
 * // { index: 1, count: 4, source: 'slurm' }
 */
export function shardFromEnvironment(environment: NodeJS.ProcessEnv, shardCount?: number): ShardSpec | null {
  const check = (spec: ShardSpec, where: string): ShardSpec => {
    if (spec.count < 1 || spec.index < 1 || spec.index > spec.count) {
      throw new CampaignError(
        'USAGE',
        `${where} gives shard ${spec.index}/${spec.count}, outside 1…N. Pass --shard K/N or --shard-count N to fix it.`,
      );
    }
    return spec;
  };
  const slurmId = whole('SLURM_ARRAY_TASK_ID', environment.SLURM_ARRAY_TASK_ID);
  if (slurmId !== null) {
    const minimum = whole('SLURM_ARRAY_TASK_MIN', environment.SLURM_ARRAY_TASK_MIN) ?? 0;
    const count = shardCount ?? whole('SLURM_ARRAY_TASK_COUNT', environment.SLURM_ARRAY_TASK_COUNT);
    if (count === null) {
      throw new CampaignError(
        'USAGE',
        'SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not. Pass --shard-count N (the array size).',
      );
    }
    // `--array=1-7:2` runs tasks 1, 3, 5, 7 (SLURM_ARRAY_TASK_STEP=2, COUNT=4): shards 1…4.
    const step = whole('SLURM_ARRAY_TASK_STEP', environment.SLURM_ARRAY_TASK_STEP) ?? 1;
    if (step < 1 || (slurmId - minimum) % step !== 0) {
      throw new CampaignError(
        'USAGE',
        `SLURM_ARRAY_TASK_ID=${slurmId} is not SLURM_ARRAY_TASK_MIN=${minimum} plus a multiple of ` +
          `SLURM_ARRAY_TASK_STEP=${step}. Pass --shard K/N to pick the shard by hand.`,
      );
    }
    return check({ index: (slurmId - minimum) / step + 1, count, source: 'slurm' }, 'SLURM_ARRAY_TASK_ID');
  }
  const k8sIndex = whole('JOB_COMPLETION_INDEX', environment.JOB_COMPLETION_INDEX);
  if (k8sIndex !== null) {
    if (shardCount === undefined) {
      throw new CampaignError(
        'USAGE',
        "JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but N is not known. Pass --shard-count N, the Job's completions.",
      );
    }
    return check({ index: k8sIndex + 1, count: shardCount, source: 'kubernetes' }, 'JOB_COMPLETION_INDEX');
  }
  return null;
}

/** One unit to split: an instance key and its prior cost (seconds), or null when none is known. */
export interface ShardUnit {
  key: string;
  costSeconds: number | null;
}

/**
 * Splits instances across N shards, longest first: each instance, in decreasing prior cost
 * (ties and unknown costs in key order), goes to the shard with the least total so far (the
 * lower shard on a tie). An instance without a prior cost counts as the median known cost, or 1
 * when none is known — then the split is a round-robin in key order. Every shard of a job array
 * computes the same split from the same inputs.
 * @param units - the campaign's instances with their prior costs
 * @param count - N
 * @returns 1-based shard per key
 * @example
 * assignShards([{ key: 'a/x', costSeconds: 9 }, { key: 'b/y', costSeconds: 5 }, { key: 'c/z', costSeconds: 4 }], 2);
 * // { 'a/x': 1, 'b/y': 2, 'c/z': 2 }
 */
export function assignShards(units: readonly ShardUnit[], count: number): Record<string, number> {
  const known = units
    .map((u) => u.costSeconds)
    .filter((c): c is number => c !== null)
    .sort((a, b) => a - b);
  const fallback = known.length === 0 ? 1 : known[Math.floor((known.length - 1) / 2)]!;
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const ordered = units
    .map((u) => ({ key: u.key, cost: u.costSeconds ?? fallback }))
    .sort((a, b) => b.cost - a.cost || byKey(a.key, b.key));
  const loads = Array.from({ length: count }, () => 0);
  const assignment: Record<string, number> = {};
  for (const unit of ordered) {
    let best = 0;
    for (let shard = 1; shard < count; shard += 1) if (loads[shard]! < loads[best]!) best = shard;
    loads[best]! += unit.cost;
    assignment[unit.key] = best + 1;
  }
  return Object.fromEntries(units.map((u) => [u.key, assignment[u.key]!]));
}
