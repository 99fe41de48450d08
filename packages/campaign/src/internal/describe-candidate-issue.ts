// Turns zod's issues on a candidate.json into one sentence a submitter can act on: an unknown
// field comes first (a misspelled "digestbits" also makes "digestBits" missing, and the unknown
// spelling is the real fault), with the known field it most resembles; a wrong type names the
// type and value received ("got a string, \"256\"").
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** `a string ("256")`, `a number (250)`, `a list`, `an object`, `null`, `true`. */
export function describeReceived(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list (${JSON.stringify(value).slice(0, 40)})`;
  if (typeof value === 'string')
    return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !(key in (current as object)))
      return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

/** The known field `key` most likely meant: same letters ignoring case, `_` and `-`. */
function likelyMeant(key: string, known: readonly string[]): string | undefined {
  const fold = (text: string): string => text.toLowerCase().replace(/[_-]/g, '');
  return known.find((name) => fold(name) === fold(key));
}

/**
 * One sentence for the first issue that matters, as `field "instances.0.digestBits": …` or
 * `unknown field "instances.0.digestbits" (did you mean "digestBits"?)`.
 *
 * @param issues - zod's issues of a failed parse
 * @param input - the parsed JSON, to name what was received
 * @param knownFields - the fields allowed at a path (joined with `.`, `''` for the top level, `instances.*` for an instance)
 */
export function describeCandidateIssue(
  issues: readonly Issue[],
  input: unknown,
  knownFields: (path: readonly PropertyKey[]) => readonly string[],
): string {
  const unknown = issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown !== undefined && unknown.code === 'unrecognized_keys') {
    return `unknown field ${unknown.keys
      .map((key) => {
        const meant = likelyMeant(key, knownFields(unknown.path));
        return `"${[...unknown.path, key].join('.')}"${meant === undefined ? '' : ` (did you mean "${meant}"?)`}`;
      })
      .join(', ')}`;
  }
  const issue = issues[0]!;
  const field = issue.path.join('.') || '(top level)';
  const received = valueAt(input, issue.path);
  if (!received.found) return `field "${field}" is missing: ${issue.message}`;
  const typeProblem = issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value';
  return typeProblem
    ? `field "${field}": ${issue.message}; got ${describeReceived(received.value)}`
    : `field "${field}": ${issue.message}`;
}
