import type { CategoryInstance } from '@ngcc-perf/category';
import type { Candidate, CandidateInstance } from '@ngcc-perf/intake';
import type { InstanceParameterValue } from '@ngcc-perf/record';

/**
 * One instance a campaign measures: an intake instance of any category. Its `parameters` are the
 * category's (`CategoryInstance.parameters` of @ngcc-perf/category); an intake instance that has
 * none yet gives its digest length as the hash category's one parameter ({@link instanceParameters}).
 */
export type CampaignInstance = Omit<CandidateInstance, 'digestBits'> & {
  digestBits?: number;
  parameters?: Readonly<Record<string, InstanceParameterValue>>;
};

/** A candidate a campaign measures: an intake candidate of any registered category (`category`: a registry id). */
export type CampaignCandidate = Omit<Candidate, 'category' | 'instances'> & {
  category: string;
  instances: CampaignInstance[];
};

/**
 * The instance's parameters, as build.json `parameters` holds them and its category reads them:
 * its own `parameters`, else `{ digestBits }` for an intake instance that predates them.
 * @example
 * instanceParameters({ ...instance, digestBits: 256 }); // { digestBits: 256 }
 */
export function instanceParameters(instance: CampaignInstance): Readonly<Record<string, InstanceParameterValue>> {
  if (instance.parameters !== undefined) return instance.parameters;
  return instance.digestBits === undefined ? {} : { digestBits: instance.digestBits };
}

/**
 * The instance as its category takes it (`operations.list`, `manifestEntries`, `sizes`).
 * @example
 * categoryInstance(instance); // { name: 'sm3', parameters: { digestBits: 256 } }
 */
export function categoryInstance(instance: CampaignInstance): CategoryInstance {
  return { name: instance.name, parameters: instanceParameters(instance) };
}
