import type { CategoryPageInput, CategoryPageSection, MeasuredSize } from './algorithm-category.js';

/** Ticks with three significant figures and the published pages' suffixes: `4246`, `549.6 k`, `30.90 M`. */
export function formatTicks(ticks: number): string {
  if (ticks >= 1e9) return `${(ticks / 1e9).toFixed(2)} G`;
  if (ticks >= 1e6) return `${(ticks / 1e6).toFixed(2)} M`;
  if (ticks >= 1e4) return `${(ticks / 1e3).toFixed(1)} k`;
  return ticks.toFixed(0);
}

/**
 * Guide §3.5 item (4) as the published public-key pages show it: one row per instance and
 * operation of `categoryId`, in the order of `input.operations`, with the headline (median of the
 * trial means) per call and its interval, then — when the page frame gives them (`cells`) — the
 * mean per call, the mean time, calls per second and n (trials × iterations).
 *
 * @param label - the operation's words on the page (`keygen`, `init_a`)
 * @param about - the category's sentence on what one timed call does and what was made before it, or none
 */
export function perOperationSection(
  input: CategoryPageInput,
  categoryId: string,
  label: (operation: CategoryPageInput['operations'][number]['operation']) => string,
  about?: string,
): CategoryPageSection {
  const term = input.counterTerm;
  const entries = input.operations.filter((entry) => entry.operation.category === categoryId);
  const retried = entries.some((entry) => (entry.retries?.attempts ?? 0) > 0);
  const withCells = entries.some((entry) => entry.cells !== undefined);
  const rows = entries.map((entry) => {
    const headline = entry.headline;
    const interval =
      headline === null || headline.lowTicks === null || headline.highTicks === null
        ? '—'
        : `${formatTicks(headline.lowTicks)} – ${formatTicks(headline.highTicks)}`;
    const cells = entry.cells ?? null;
    return [
      entry.instance,
      label(entry.operation),
      headline === null ? '—' : formatTicks(headline.medianTicks),
      interval,
      ...(withCells
        ? cells === null
          ? ['—', '—', '—', '—']
          : [cells.meanTicks, cells.meanTime, cells.opsPerSecond, cells.calls]
        : []),
      ...(retried ? [retriesCell(entry.retries)] : []),
    ];
  });
  const means = withCells
    ? ` Mean ${term} and mean time divide the totals over all n calls by n; ops/s is n over the seconds those calls took; n counts the trials and the calls of each.`
    : '';
  const retries = retried
    ? ' A failed attempt is called again inside the timed call, as the official programs do, so its cost is in ' +
      'the figure; "retried" counts those attempts over the timed calls of all trials.'
    : '';
  return {
    id: `${categoryId}-performance`,
    heading: 'Performance',
    item: 4,
    paragraphs: [
      `${term}/call is the median of the trial means (the published pages' median trial), with its interval.${means}${retries}${about === undefined ? '' : ` ${about}`}`,
    ],
    tables: [
      {
        caption: `${term} per call of each operation`,
        headers: [
          'instance',
          'operation',
          `${term}/call`,
          'interval',
          ...(withCells ? [`mean ${term}`, 'mean time', 'ops/s', 'n (trials × iterations)'] : []),
          ...(retried ? ['retried'] : []),
        ],
        numeric: [
          false,
          false,
          true,
          false,
          ...(withCells ? [true, true, true, true] : []),
          ...(retried ? [false] : []),
        ],
        rows,
      },
    ],
  };
}

/** `72 in 1000 calls`; `0`; `—` when the driver counted none. */
function retriesCell(retries: { attempts: number; calls: number } | undefined): string {
  if (retries === undefined) return '—';
  return retries.attempts === 0 ? '0' : `${retries.attempts} in ${retries.calls} calls`;
}

/**
 * One size cell: the getter's bytes; when the calls wrote another length, both and a mark
 * (`40 (wrote 32)`, or `40 (wrote 48 ≠)` when they disagree); `—` when unknown.
 */
export function sizeCell(size: MeasuredSize | undefined): string {
  if (size === undefined) return '—';
  const shown = size.getterBytes ?? size.writtenBytes;
  if (shown === null) return '—';
  if (size.getterBytes === null || size.writtenBytes === null || size.writtenBytes === size.getterBytes) {
    return String(shown);
  }
  return `${size.getterBytes} (wrote ${size.writtenBytes}${size.agrees === false ? ' ≠' : ''})`;
}

/**
 * Guide §3.5 item (6), transmission and storage overhead, as the published public-key pages show
 * it: one row per instance, one column per size key, from `input.sizes` (getter beside written).
 */
export function sizesSection(
  input: CategoryPageInput,
  categoryId: string,
  columns: readonly { key: string; label: string }[],
): CategoryPageSection {
  const sizes = input.sizes ?? {};
  const rows = input.instances.map((instance) => {
    const measured = sizes[instance.name] ?? [];
    return [instance.name, ...columns.map((column) => sizeCell(measured.find((size) => size.key === column.key)))];
  });
  const disagreements = Object.values(sizes)
    .flat()
    .filter((size) => size.agrees === false).length;
  return {
    id: `${categoryId}-sizes`,
    heading: 'Transmission and storage overhead',
    item: 6,
    paragraphs: [
      'Bytes as the getters of the official API say; where the calls of the KAT run wrote another length, it follows ' +
        '(≠ marks a disagreement).' +
        (disagreements > 0 ? ` ${disagreements} size(s) disagree with their getter.` : ''),
    ],
    tables: [
      {
        caption: 'bytes per instance',
        headers: ['instance', ...columns.map((column) => column.label)],
        numeric: [false, ...columns.map(() => true)],
        rows,
      },
    ],
  };
}
