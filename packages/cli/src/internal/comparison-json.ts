/**
 * `compare --json`'s text: the comparison as indented JSON, with a Welch t of ±Infinity (both
 * runs' trials without spread and different means, `welchTTest`) written as the strings
 * `"Infinity"` and `"-Infinity"`. JSON has no infinite number and `JSON.stringify` would write
 * `null`, which reads as "no test was made" (`test: null`).
 * @param value - what the command prints (the comparison, its unvouched rows, the exit code)
 * @returns the JSON text, ending in a newline
 * @example
 * ```ts
 * renderComparisonJson({ test: { t: -Infinity } }); // '{\n  "test": {\n    "t": "-Infinity"\n  }\n}\n'
 * ```
 */
export function renderComparisonJson(value: unknown): string {
  const replacer = (_key: string, field: unknown): unknown =>
    field === Infinity ? 'Infinity' : field === -Infinity ? '-Infinity' : field;
  return `${JSON.stringify(value, replacer, 2)}\n`;
}
