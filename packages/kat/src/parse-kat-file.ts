import { KAT_HEX_FIELDS } from './internal/kat-hex-fields.js';
import { KatError } from './kat-error.js';

/** One `Key = value` line of a KAT file. */
export interface KatFileField {
  /** The key, e.g. `Msg_Len`. */
  key: string;
  /** The value with surrounding blanks removed; may be empty (`Msg = ` for L = 0, blank `_Len =`). */
  value: string;
  /** 1-based line number in the file. */
  line: number;
}

/** One record of a KAT file: its fields in file order. */
export interface KatFileRecord {
  fields: KatFileField[];
  /** Line number of its first field. */
  line: number;
}

const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
const EXPANDED = /^([0-9A-Fa-f]{16}) \.\.\.\. ([0-9A-Fa-f]{16})$/;

function shown(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function checkValue(field: KatFileField, where: string): void {
  const { key, value } = field;
  if (key.endsWith('_Len')) {
    if (value !== '' && !/^[0-9]+$/.test(value)) {
      throw new KatError(
        'KAT_FILE_MALFORMED',
        `${where}: ${key} must be a whole number (or blank in a template file), got "${shown(value)}". Regenerate the file with the official KAT generator.`,
      );
    }
    return;
  }
  if (key === 'Msg_Exp') {
    if (!EXPANDED.test(value)) {
      throw new KatError(
        'KAT_FILE_BAD_HEX',
        `${where}: Msg_Exp must be "<16 hex digits> .... <16 hex digits>" (the first and last 8 message bytes), got "${shown(value)}". Regenerate the file with the official KAT generator.`,
      );
    }
    return;
  }
  if (!KAT_HEX_FIELDS.has(key)) return;
  const bad = value.search(/[^0-9A-Fa-f]/);
  if (bad !== -1 || value.length % 2 !== 0) {
    const why =
      bad !== -1
        ? `character "${value[bad]}" at position ${bad + 1} is not a hex digit`
        : `it has an odd number (${value.length}) of hex digits`;
    throw new KatError(
      'KAT_FILE_BAD_HEX',
      `${where}: ${key} is not bytes in hex: ${why} (value "${shown(value)}"). Write each byte as two hex digits, as the official KAT generator does.`,
    );
  }
}

/**
 * Parses a submitted KAT file (the ICCS KAT rules layout: `Key = value` lines, a blank line after each record)
 * tolerantly: CR line ends, trailing spaces and tabs, a missing final newline, a UTF-8 byte-order
 * mark, blank values (`Dst_Len =` in template files) and lower-case hex are all accepted. Lines
 * starting with `#` are comments. A record ends at a blank line, or where a key of the current
 * record appears again (files without blank lines). Values of `Msg`, `Dst` and `Msg_Seed` must be
 * hex bytes, `Msg_Exp` must be `<16 hex> .... <16 hex>`, `*_Len` a whole number or blank.
 *
 * @param text - the file's text
 * @param sourceName - how to name the file in error messages (its path)
 * @returns the records in file order
 * @throws {KatError} `KAT_FILE_MALFORMED` (a line that is not `Key = value`, a bad `_Len`),
 *   `KAT_FILE_BAD_HEX` (a hex field with a non-hex character or an odd digit count); each
 *   message names `<sourceName> line N`, the field and the fix
 * @example
 * ```ts
 * parseKatFile('Msg_Len = 8\r\nMsg = 3d\r\nDst_Len =\r\nDst = ab', 'KAT_2_12_x.txt');
 * // [{ line: 1, fields: [{ key: 'Msg_Len', value: '8', line: 1 }, { key: 'Msg', value: '3d', line: 2 }, …] }]
 * ```
 */
export function parseKatFile(text: string, sourceName: string): KatFileRecord[] {
  const records: KatFileRecord[] = [];
  let current: KatFileField[] = [];
  const close = (): void => {
    if (current.length > 0) records.push({ fields: current, line: (current[0] as KatFileField).line });
    current = [];
  };
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const content = (lines[index] as string).replaceAll('\r', '').trim();
    const line = index + 1;
    if (content.length === 0) {
      close();
      continue;
    }
    if (content.startsWith('#')) continue;
    const where = `${sourceName} line ${line}`;
    const equals = content.indexOf('=');
    const key = equals === -1 ? '' : content.slice(0, equals).trim();
    if (!KEY.test(key)) {
      throw new KatError(
        'KAT_FILE_MALFORMED',
        `${where}: expected "<Key> = <value>" (e.g. "Msg_Len = 8"), got "${shown(content)}". Regenerate the file with the official KAT generator, or remove the line.`,
      );
    }
    if (current.some((field) => field.key === key)) close();
    const field: KatFileField = { key, value: content.slice(equals + 1).trim(), line };
    checkValue(field, where);
    current.push(field);
  }
  close();
  return records;
}
