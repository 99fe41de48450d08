// A generic-form record's `primitiveProfile` recomputed from its recorded rounds with
// `derivePrimitiveProfile` of @ngcc-perf/stats, the definition the timing package wrote it with.
import { PLACEHOLDER_PRIMITIVES, type OperationRecord } from '@ngcc-perf/record';
import { derivePrimitiveProfile } from '@ngcc-perf/stats';
import type { ValidationDifference } from '../validation-difference.js';
import { close } from './validate-derived.js';

const show = (value: unknown): string => (value === undefined ? 'missing' : JSON.stringify(value));

const same = (actual: number | null, expected: number | null): boolean =>
  actual === null || expected === null ? actual === expected : close(actual, expected);

/**
 * The first figure of `record.primitiveProfile` that its rounds do not give — each primitive's
 * `callsPerOperation` and `share`, `sharesSum`, `probeOverheadRatio` — or null (also when the record
 * has no profile). The message names the record file, the operation and the field.
 * @param file - the record's path in the run directory
 * @example
 * ```ts
 * findPrimitiveProfileDifference('records/kem-99/ToyKEM__enc.json', record)?.field;
 * // 'primitiveProfile.primitives[2].share'
 * ```
 */
export function findPrimitiveProfileDifference(
  file: string,
  record: Pick<OperationRecord, 'operation' | 'primitiveProfile'>,
): ValidationDifference | null {
  const profile = record.primitiveProfile;
  if (profile === null || profile === undefined) return null;
  const operation = `${record.operation.category} ${record.operation.name}`;
  const differ = (field: string, actual: unknown, expected: unknown): ValidationDifference => ({
    check: 'derived',
    file,
    field: `primitiveProfile.${field}`,
    line: null,
    message: `${file}: operation ${operation}, field "primitiveProfile.${field}" is ${show(actual)}, but its recorded rounds give ${show(expected)}. Regenerate the record with "ngcc-perf run"; a profile's figures are never edited by hand.`,
  });
  const derived = derivePrimitiveProfile({
    names: PLACEHOLDER_PRIMITIVES,
    iterations: profile.iterations,
    rounds: profile.rounds,
    overheadTicks: profile.counter.overheadTicks,
    primitives: profile.primitives,
  });
  for (const [index, expected] of derived.primitives.entries()) {
    const actual = profile.primitives[index]!;
    if (actual.name !== expected.name) return differ(`primitives[${index}].name`, actual.name, expected.name);
    for (const field of ['callsPerOperation', 'share'] as const)
      if (!same(actual[field], expected[field]))
        return differ(`primitives[${index}].${field}`, actual[field], expected[field]);
  }
  if (!close(profile.sharesSum, derived.sharesSum)) return differ('sharesSum', profile.sharesSum, derived.sharesSum);
  if (!close(profile.probeOverheadRatio, derived.probeOverheadRatio))
    return differ('probeOverheadRatio', profile.probeOverheadRatio, derived.probeOverheadRatio);
  return null;
}
