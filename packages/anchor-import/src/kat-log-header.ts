/** What the import reads from an ngcc-harness KAT log: its `key = value` header and verdict. */
export interface KatLogHeader {
  /** Header fields in file order, first occurrence of each key (`algorithm`, `type`, `digest_bits`, …). */
  fields: Map<string, string>;
  /** The last `RESULT <id> <instance> <VERDICT> [detail]` line, or null when there is none. */
  result: { candidate: string; instance: string; verdict: string; detail: string | null; line: string } | null;
}

const FIELD = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s?(.*)$/;
const RESULT = /^RESULT (\S+) (\S+) (\S+)[ \t]*(.*)$/;

/**
 * Reads the header fields and the final verdict line of an ngcc-harness KAT log (SPEC §4: header
 * with library, instance, digest bits, compiler and build flags; last line
 * `RESULT <id> <instance> <VERDICT>`). The algorithm name and digest length of an imported
 * instance come from here, since the anchor's build.json does not carry them.
 *
 * @param text - the whole log
 * @returns the header fields (values trimmed at the end) and the last RESULT line
 * @example
 * ```ts
 * const header = readKatLogHeader('algorithm   = Litchi\ndigest_bits = 512\nRESULT hash-15 litchi_512 PASS \n');
 * header.fields.get('algorithm'); // 'Litchi'
 * header.result?.verdict;        // 'PASS'
 * ```
 */
export function readKatLogHeader(text: string): KatLogHeader {
  const fields = new Map<string, string>();
  let result: KatLogHeader['result'] = null;
  for (const line of text.split(/\r?\n/)) {
    const verdict = RESULT.exec(line);
    if (verdict !== null) {
      const detail = verdict[4]!.trim();
      result = {
        candidate: verdict[1]!,
        instance: verdict[2]!,
        verdict: verdict[3]!,
        detail: detail === '' ? null : detail,
        line: line.trimEnd(),
      };
      continue;
    }
    const field = FIELD.exec(line);
    if (field !== null && !fields.has(field[1]!)) fields.set(field[1]!, field[2]!.trimEnd());
  }
  return { fields, result };
}
