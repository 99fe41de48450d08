import type { CampaignFile } from './campaign-types.js';

/** The parts of campaign.json that make a campaign what it is: a resume or a merge must match them. */
export type CampaignIdentity = Pick<CampaignFile, 'systemId' | 'plan' | 'buildProfile' | 'candidates'> & {
  /** Shard K/N with its assignment, or null. */
  shard: Pick<NonNullable<CampaignFile['shard']>, 'index' | 'count' | 'assignment'> | null;
};

/**
 * JSON with object keys sorted: equal for values that mean the same whatever their key order or
 * the realm they were made in.
 * @example
 * canonicalJson({ b: 1, a: [2] }); // '{"a":[2],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );
}

function show(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

function firstDifference(path: string, existing: unknown, wanted: unknown): string | null {
  if (canonicalJson(existing) === canonicalJson(wanted)) return null;
  const bothObjects =
    typeof existing === 'object' &&
    existing !== null &&
    typeof wanted === 'object' &&
    wanted !== null &&
    !Array.isArray(existing) &&
    !Array.isArray(wanted);
  if (bothObjects) {
    const keys = [...new Set([...Object.keys(existing), ...Object.keys(wanted)])];
    for (const key of keys) {
      const found = firstDifference(
        `${path}.${key}`,
        (existing as Record<string, unknown>)[key],
        (wanted as Record<string, unknown>)[key],
      );
      if (found !== null) return found;
    }
  }
  return `${path}: ${show(existing)} in the run directory, ${show(wanted)} now`;
}

/**
 * Compares the identity of an existing campaign with the one asked for and names the first
 * field that differs (plan parameters, system, build profile, candidates and instances, shard).
 * @param existing - from the run directory's campaign.json
 * @param wanted - from the command line
 * @returns null when they match, else a sentence like `plan.trials: 5 in the run directory, 3 now`
 * @example
 * describeIdentityDifference(campaign, { ...campaign, plan: { ...campaign.plan, trials: 3 } });
 * // 'plan.trials: 5 in the run directory, 3 now'
 */
export function describeIdentityDifference(existing: CampaignIdentity, wanted: CampaignIdentity): string | null {
  const pick = (c: CampaignIdentity) => ({
    systemId: c.systemId,
    plan: c.plan,
    buildProfile: c.buildProfile,
    candidates: c.candidates,
    shard: c.shard === null ? null : { index: c.shard.index, count: c.shard.count, assignment: c.shard.assignment },
  });
  const a = pick(existing);
  const b = pick(wanted);
  for (const key of Object.keys(a) as (keyof typeof a)[]) {
    const found = firstDifference(key, a[key], b[key]);
    if (found !== null) return found;
  }
  return null;
}
