/**
 * The fields of a source object that the mapping did not consume, verbatim and in source order:
 * what an imported object carries in its `extra` (docs/IMPORT.md). Nothing of the source is
 * dropped: a field is either mapped (its value can be read back from the mapped fields) or kept
 * here.
 *
 * @param source - the JSON object as parsed from the anchor's file
 * @param consumed - keys whose values the mapping represents exactly
 * @returns a new object with every other key of `source`
 * @example
 * ```ts
 * pickExtra({ hostname: 'vivo', os: 'Ubuntu 26.04.1 LTS' }, ['os']); // { hostname: 'vivo' }
 * ```
 */
export function pickExtra(source: Record<string, unknown>, consumed: Iterable<string>): Record<string, unknown> {
  const skip = new Set(consumed);
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (!skip.has(key)) extra[key] = value;
  return extra;
}

/**
 * `value` as a JSON object, or an empty object when it is not one.
 *
 * @example
 * ```ts
 * asJsonObject([1, 2]); // {}
 * ```
 */
export function asJsonObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
