// The first place where two JSON values differ, as a field path (`derived.meanCycles`,
// `processes[2].trial.ticks`) with both values; null when they are equal.

export interface JsonDifference {
  field: string;
  left: unknown;
  right: unknown;
}

function join(base: string, key: string | number): string {
  return typeof key === 'number' ? `${base}[${key}]` : base === '' ? key : `${base}.${key}`;
}

export function findJsonDifference(left: unknown, right: unknown, base = ''): JsonDifference | null {
  if (Object.is(left, right)) return null;
  if (Array.isArray(left) && Array.isArray(right)) {
    for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
      const found = findJsonDifference(left[index], right[index], join(base, index));
      if (found !== null) return found;
    }
    return null;
  }
  if (
    typeof left === 'object' &&
    left !== null &&
    typeof right === 'object' &&
    right !== null &&
    !Array.isArray(left) &&
    !Array.isArray(right)
  ) {
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
    for (const key of keys) {
      const found = findJsonDifference(
        (left as Record<string, unknown>)[key],
        (right as Record<string, unknown>)[key],
        join(base, key),
      );
      if (found !== null) return found;
    }
    return null;
  }
  return { field: base, left, right };
}
