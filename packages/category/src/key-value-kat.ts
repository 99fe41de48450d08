import type { KatRecordFields } from './algorithm-category.js';
import { CategoryError } from './category-error.js';

/**
 * The text of a KAT file in the `Name = value` layout the official KAT programs write (the ICCS KAT rules,
 * §10): each record's fields one per line, `<name> = <value>`, a blank line after each record.
 * A category whose files look like this uses it for `CategoryKat.formatFile`.
 *
 * @param records - the records, fields in file order
 * @returns the text, `\n` line ends
 * @example
 * ```ts
 * formatKeyValueKat([{ index: 0, fields: [{ name: 'Count', value: '0' }] }]); // 'Count = 0\n\n'
 * ```
 */
export function formatKeyValueKat(records: readonly KatRecordFields[]): string {
  return records
    .map((record) => record.fields.map((field) => `${field.name} = ${field.value}\n`).join('') + '\n')
    .join('');
}

/**
 * The records of a KAT file in the `Name = value` layout: the inverse of {@link formatKeyValueKat}
 * (blank lines separate records; `\r\n` is read as `\n`).
 *
 * @param text - the file's text
 * @param file - the file's name, for errors
 * @returns the records, indices from 0
 * @throws {@link CategoryError} `INVALID_CATEGORY` naming the file and line of a line that is not `name = value`
 */
export function parseKeyValueKat(text: string, file = 'KAT file'): KatRecordFields[] {
  const records: KatRecordFields[] = [];
  let fields: { name: string; value: string }[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  lines.forEach((line, at) => {
    if (line.trim() === '') {
      if (fields.length > 0) records.push({ index: records.length, fields });
      fields = [];
      return;
    }
    const match = /^([^=]*?) = (.*)$/.exec(line) ?? /^([^=]*?) =()$/.exec(line);
    if (match === null) {
      throw new CategoryError(
        'INVALID_CATEGORY',
        `${file} line ${at + 1}: expected "<name> = <value>", got "${line.slice(0, 80)}". Regenerate the file with the category's KAT program.`,
      );
    }
    fields.push({ name: match[1] ?? '', value: match[2] ?? '' });
  });
  if (fields.length > 0) records.push({ index: records.length, fields });
  return records;
}
