import { formatRecordBaselineMultiple, recordBaselineMultiple } from './baseline-figures.js';
import { formatRecordHeadline, recordHeadline } from './record-headline.js';
import type { Dataset } from './dataset.js';
import { meanIntervalCycles } from './internal/reliability.js';
import type { OperationRecord, TimingRecord } from '@ngcc-perf/record';

type Cell = string | number | null | undefined;

/** The CSV columns, in order; units in the names (@ngcc-perf/record/docs/RUN-DIRECTORY.md "exports"). */
export const RECORDS_CSV_COLUMNS = [
  'system',
  'candidate',
  'algorithm',
  'instance',
  'variant',
  'flags',
  'kat',
  'messageBytes',
  'status',
  'failure',
  'counter',
  'counterKind',
  'counterHz',
  'trials',
  'iterationsPerTrial',
  'n',
  'meanCycles',
  'cyclesPerByte',
  'meanSeconds',
  'megabytesPerSecond',
  'opsPerSecond',
  'medianTrialCycles',
  'minTrialCycles',
  'maxTrialCycles',
  'sdTrialCycles',
  'cv',
  'ciLowCycles',
  'ciHighCycles',
  'headlineCycles',
  'headlineLowCycles',
  'headlineHighCycles',
  'headlineCoverage',
  'headlineCyclesPerByte',
  'baselineRatio',
  'baselineMultiple',
  'perCallQ1Cycles',
  'perCallMedianCycles',
  'perCallQ3Cycles',
  'disturbedRetries',
  'imageBytes',
  'baselineRssBytes',
  'peakRssBytes',
  'stackHighWaterBytes',
  'heapPeakBytes',
  'heapAllocations',
  'mmapBytes',
  'operationPeakBytes',
  'record',
] as const;

/** A text cell that a spreadsheet would read as a number: written as it is. */
const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** First characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field. Numbers are written as they are. A text cell starting with `=`, `+`, `-`, `@`,
 * tab or CR (a package folder named `=2+5`) gets a leading `'`, so a spreadsheet shows it as text
 * instead of executing it (OWASP "CSV Injection"), unless the whole text is a plain number. Then
 * RFC 4180: quote a field holding a comma, quote, CR or LF, doubling inner quotes.
 */
function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMERIC_TEXT.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row; a generic-form record (another category's operation) has no message length, per-byte headline or baseline multiple. */
function row(dataset: Dataset, file: string, record: TimingRecord | OperationRecord): Cell[] {
  const systemId = dataset.campaign.systemId;
  const derived = record.derived ?? null;
  const headline = recordHeadline(record);
  const hashForm = record.operation === 'hash' ? (record as TimingRecord) : null;
  const multiple = hashForm === null ? null : recordBaselineMultiple(dataset, hashForm);
  const trials = record.processes.filter((entry) => entry.trial !== null).length;
  const memory = record.memory ?? null;
  const interval = meanIntervalCycles(record);
  return [
    systemId,
    record.candidate,
    record.algorithm,
    record.instance,
    record.variant,
    record.flags,
    record.kat,
    hashForm?.messageBytes,
    record.status,
    record.status === 'failed' ? record.failure : null,
    record.counter?.name,
    record.counter?.kind,
    record.counter?.hz,
    trials,
    record.plan?.iterationsPerTrial,
    derived?.n,
    derived?.meanCycles,
    derived?.cyclesPerByte,
    derived?.meanSeconds,
    derived?.megabytesPerSecond,
    derived?.opsPerSecond,
    derived?.medianTrialCycles,
    derived?.minTrialCycles,
    derived?.maxTrialCycles,
    derived?.sdTrialCycles,
    derived?.cv,
    interval?.lowCycles,
    interval?.highCycles,
    headline?.medianCycles,
    headline?.lowCycles,
    headline?.highCycles,
    headline?.coverage,
    headline === null || hashForm === null ? null : formatRecordHeadline(hashForm, 'per-byte'),
    multiple?.ratio,
    multiple === null ? null : formatRecordBaselineMultiple(dataset, hashForm!),
    derived?.perCall?.q1Cycles,
    derived?.perCall?.medianCycles,
    derived?.perCall?.q3Cycles,
    record.disturbedRetries,
    record.imageBytes,
    derived?.baselineRssBytes,
    derived?.peakRssBytes,
    memory?.stackHighWaterBytes,
    memory?.heapPeakBytes,
    memory?.heapAllocations,
    memory?.mmapBytes,
    memory?.operationPeakBytes,
    file,
  ];
}

/**
 * Exports every record of a run directory as CSV (RFC 4180 quoting, UTF-8, LF line ends): a
 * header row of {@link RECORDS_CSV_COLUMNS}, then one row per instance × message size in
 * build.json order and by message length, then one row per record of another category
 * (`operationRecords`, by file; no message length, per-byte headline or baseline multiple). Numbers are written in full (JavaScript's shortest
 * round-trip form, unrounded); an unknown or unmeasured figure is an empty field; a text cell
 * that a spreadsheet would execute (starting with `=`, `+`, `-`, `@`, tab or CR) starts with `'`
 * (OWASP "CSV Injection"). Pure.
 *
 * @param dataset - one run directory ({@link loadRunDirectory})
 * @returns the CSV text, ending in a newline
 * @throws nothing for a validated dataset
 * @example
 * ```ts
 * await writeFile('runs/x86_1/exports/records_x86_1.csv', renderRecordsCsv(dataset));
 * // system,candidate,algorithm,instance,…\nx86_1,example-sm3,SM3,sm3,reference,guide,PASS,32,complete,,tsc,…
 * ```
 */
export function renderRecordsCsv(dataset: Dataset): string {
  const order = new Map(dataset.build.instances.map((entry, index) => [`${entry.candidate}/${entry.instance}`, index]));
  const sorted = [...dataset.records].sort(
    (a, b) =>
      (order.get(`${a.record.candidate}/${a.record.instance}`) ?? Infinity) -
        (order.get(`${b.record.candidate}/${b.record.instance}`) ?? Infinity) ||
      a.record.messageBytes - b.record.messageBytes,
  );
  const lines = [
    RECORDS_CSV_COLUMNS.join(','),
    ...sorted.map(({ file, record }) => row(dataset, file, record).map(csvField).join(',')),
    ...(dataset.operationRecords ?? []).map(({ file, record }) => row(dataset, file, record).map(csvField).join(',')),
  ];
  return `${lines.join('\n')}\n`;
}
