// The baseline table of a system (the published index's table of the ICCS helpers): one row per
// baseline instance — helper, output width — and its headline per call at every message length
// the campaign measured. The data model is separate from the block so other pages can reuse it.
import { katVerdictMeaning } from '../kat-verdict-meanings.js';
import { formatCycles } from '@ngcc-perf/stats';
import { recordHeadline } from '../record-headline.js';
import { codeSpan } from './report-model.js';
import { counterTerm } from './counter-term.js';
import type { Dataset } from '../dataset.js';
import type { BaselineHelper } from '@ngcc-perf/record';
import type { TableBlock } from './report-model.js';

/** One baseline instance and its headline cycles per call by message length (null: not measured or failed). */
export interface BaselineRow {
  helper: BaselineHelper;
  instance: string;
  digestBits: number;
  kat: string;
  medianCyclesBySize: { messageBytes: number; medianCycles: number | null }[];
}

/** The rows of the baseline table, sm3hash first, then pseudoXOF by width; empty without a baseline. */
export function baselineRows(dataset: Dataset): BaselineRow[] {
  const baseline = dataset.campaign.baseline;
  if (baseline === undefined) return [];
  const sizes = [...dataset.campaign.plan.messageSizesBytes].sort((a, b) => a - b);
  return [...baseline.instances]
    .sort((a, b) => a.helper.localeCompare(b.helper) * -1 || a.digestBits - b.digestBits)
    .map((entry) => {
      const records = dataset.records
        .map(({ record }) => record)
        .filter((record) => record.candidate === baseline.candidate && record.instance === entry.instance);
      const built = dataset.build.instances.find(
        (item) => item.candidate === baseline.candidate && item.instance === entry.instance,
      );
      return {
        helper: entry.helper,
        instance: entry.instance,
        digestBits: entry.digestBits,
        kat: built === undefined ? '—' : katVerdictMeaning(built.kat).label,
        medianCyclesBySize: sizes.map((messageBytes) => {
          const record = records.find((item) => item.messageBytes === messageBytes);
          return {
            messageBytes,
            medianCycles: record === undefined ? null : (recordHeadline(record)?.medianCycles ?? null),
          };
        }),
      };
    });
}

const sizeLabel = (bytes: number): string =>
  bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`;

/**
 * The baseline table: helper, instance, output bits, KAT and the headline (median trial) per call
 * at every measured length; null when the run measured no baseline.
 */
export function buildBaselineTable(dataset: Dataset): TableBlock | null {
  const rows = baselineRows(dataset);
  if (rows.length === 0) return null;
  const term = counterTerm(dataset.records.map(({ record }) => record)).perCall;
  const sizes = rows[0]!.medianCyclesBySize.map((cell) => cell.messageBytes);
  return {
    kind: 'table',
    caption: `The ICCS baseline on this system: headline ${term} per call (median trial) by message length`,
    headers: ['helper', 'instance', 'output bits', 'KAT', ...sizes.map((bytes) => sizeLabel(bytes))],
    numeric: [false, false, true, false, ...sizes.map(() => true)],
    rows: rows.map((row) => [
      [row.helper],
      [codeSpan(row.instance)],
      [String(row.digestBits)],
      [row.kat],
      ...row.medianCyclesBySize.map((cell) => [cell.medianCycles === null ? '—' : formatCycles(cell.medianCycles)]),
    ]),
  };
}
