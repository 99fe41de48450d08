// Turns zod's issues on an input (a candidate.json, the options object of a library call) into one
// sentence its author can act on: an unknown field comes first (a misspelled "digestbits" also
// makes "digestBits" missing, and the unknown spelling is the real fault), with the known field it
// most resembles; a wrong type names the type and value received ("got a string (\"64\")").
import { distance } from 'fastest-levenshtein';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * What a value is, for an error message: `a string ("256")`, `a number (250)`, `a list`,
 * `an object`, `null`, `true`.
 * @example
 * describeReceived('64'); // 'a string ("64")'
 */
export function describeReceived(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `a list (${JSON.stringify(value).slice(0, 40)})`;
  if (typeof value === 'string')
    return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'function') return 'a function';
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

/**
 * The known field `key` most likely meant: the same letters ignoring case, `_` and `-`; else the
 * field it begins (`trialTarget` → `trialTargetSeconds`, a unit left off); else the nearest one
 * within two edits, or a third of the key's length (Levenshtein distance: `outputDir` → `outDir`).
 * @example
 * likelyMeant('trialTarget', ['trials', 'trialTargetSeconds']); // 'trialTargetSeconds'
 */
export function likelyMeant(key: string, known: readonly string[]): string | undefined {
  const fold = (text: string): string => text.toLowerCase().replace(/[_-]/g, '');
  const folded = fold(key);
  const same = known.find((name) => fold(name) === folded);
  if (same !== undefined) return same;
  if (folded.length >= 3) {
    const longer = known.filter((name) => fold(name).startsWith(folded));
    if (longer.length === 1) return longer[0];
  }
  const near = known
    .map((name) => ({ name, edits: distance(fold(name), folded) }))
    .filter(({ edits }) => edits <= Math.max(2, Math.floor(folded.length / 3)))
    .sort((a, b) => a.edits - b.edits);
  return near[0]?.name;
}

/**
 * One sentence for the first issue that matters, as `field "instances.0.digestBits": …` or
 * `unknown field "instances.0.digestbits" (did you mean "digestBits"?)`.
 *
 * @param issues - zod's issues of a failed parse
 * @param input - the parsed value, to name what was received
 * @param knownFields - the fields allowed at a path (e.g. {@link knownFieldsOf} of the schema)
 * @example
 * describeInputIssue(result.error.issues, input, knownFieldsOf(schema)); // 'unknown field "trialTarget" (did you mean "trialTargetSeconds"?)'
 */
export function describeInputIssue(
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

/** The object schema found by walking `path` (object shapes, array elements, optional/nullable wrappers). */
function objectAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodObject | null {
  let current: unknown = schema;
  const unwrap = (value: unknown): unknown => {
    let inner = value as { unwrap?: () => unknown; def?: { type?: string; innerType?: unknown } };
    while (inner?.def?.innerType !== undefined) inner = inner.def.innerType as typeof inner;
    return inner;
  };
  current = unwrap(current);
  for (const key of path) {
    const node = current as { shape?: Record<string, unknown>; element?: unknown };
    if (typeof key === 'number' && node.element !== undefined) current = unwrap(node.element);
    else if (node.shape !== undefined && typeof key === 'string' && key in node.shape)
      current = unwrap(node.shape[key]);
    else return null;
  }
  return (current as { shape?: unknown }).shape === undefined ? null : (current as z.ZodObject);
}

/**
 * The field names an object schema allows at each path, for {@link describeInputIssue}.
 * @example
 * knownFieldsOf(z.strictObject({ a: z.number() }))([]); // ['a']
 */
export function knownFieldsOf(schema: z.ZodType): (path: readonly PropertyKey[]) => readonly string[] {
  return (path) => Object.keys(objectAt(schema, path)?.shape ?? {});
}

/**
 * Checks an options object against a strict zod schema and says what is wrong in one sentence:
 * an unknown key with the known one it most resembles, a missing required field, a value of the
 * wrong type naming what it got. Each package wraps the sentence in its own error.
 *
 * @param schema - a `z.strictObject` (nested objects strict too)
 * @param input - the caller's options
 * @returns null when the options fit, else the sentence (without the caller's name)
 * @example
 * describeOptionsProblem(z.strictObject({ messageBytes: z.number() }), { messageBytes: '64' });
 * // 'field "messageBytes": Invalid input: expected number, received string; got a string ("64")'
 */
export function describeOptionsProblem(schema: z.ZodType, input: unknown): string | null {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : describeInputIssue(parsed.error.issues, input, knownFieldsOf(schema));
}
