import { formatRecordBaselineMultiple, recordBaselineMultiple } from './baseline-figures.js';
import { formatHeadlineCycles } from '@ngcc-perf/stats';
import { formatRecordHeadline, recordHeadline } from './record-headline.js';
import type { Dataset } from './dataset.js';

/**
 * The `format` value of the JSON records export.
 *
 * @example
 * ```ts
 * if (JSON.parse(text).format !== RECORDS_EXPORT_FORMAT) throw new Error('not a records export');
 * ```
 */
export const RECORDS_EXPORT_FORMAT = 'ngcc-perf/records-export@1';

/**
 * Exports every record of a run directory as one JSON document:
 * `{ "format": "ngcc-perf/records-export@1", "systemId", "records": [{ "file", "record", "headline",
 * "baselineMultiple" }] }`, records in path order, each exactly as its file holds it (every field kept when the dataset was
 * read by {@link loadRunDirectory}), 2-space indentation and a final newline. Because it copies
 * the records as the run wrote them, `validateRunDirectory` compares every record with it field
 * by field. Beside each record, its headline (`recordHeadline`: the median of the trial means,
 * its interval bounds and coverage in ticks per call, and `text`, its cycles/byte as every page
 * prints it) and its multiple of the baseline (`ratio`, `low`, `high`, `coverage`, `text`); null
 * when the record has none. When the dataset holds records of categories other than hash
 * (`operationRecords`), they follow in `operationRecords`: `{ "file", "record", "headline" }`, the
 * headline's `text` in ticks per call (a generic operation has no per-byte figure of its own). Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @returns the JSON text
 * @throws nothing for a validated dataset
 * @example
 * ```ts
 * await writeFile('runs/x86_1/exports/records_x86_1.json', renderRecordsJson(dataset));
 * ```
 */
export function renderRecordsJson(dataset: Dataset): string {
  const records = dataset.records.map(({ file, record, json }) => {
    const headline = recordHeadline(record);
    const multiple = recordBaselineMultiple(dataset, record);
    return {
      file,
      record: json ?? record,
      headline: headline === null ? null : { ...headline, text: formatRecordHeadline(record, 'per-byte') },
      baselineMultiple: multiple === null ? null : { ...multiple, text: formatRecordBaselineMultiple(dataset, record) },
    };
  });
  const operations = dataset.operationRecords ?? [];
  const operationRecords = operations.map(({ file, record, json }) => {
    const headline = recordHeadline(record);
    return {
      file,
      record: json ?? record,
      headline: headline === null ? null : { ...headline, text: formatHeadlineCycles(headline) },
    };
  });
  const document = {
    format: RECORDS_EXPORT_FORMAT,
    systemId: dataset.campaign.systemId,
    records,
    ...(operations.length === 0 ? {} : { operationRecords }),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
