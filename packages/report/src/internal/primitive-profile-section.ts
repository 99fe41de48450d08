// Where the time of each public-key operation goes among the ICCS placeholder primitives (record
// `primitiveProfile`, the driver's op-profile): a table per operation, one row per instance, each
// primitive's calls per operation and share of the operation's time, and the sum of the shares.
// A primitive the instance defines itself reads "own primitives", never 0 %.
import {
  PLACEHOLDER_PRIMITIVES,
  type OperationRecord,
  type PrimitiveProfile,
  type PrimitiveShare,
} from '@ngcc-perf/record';
import { codeSpan, paragraph, type Block, type Inline, type ReportSection } from './report-model.js';

function formatCalls(calls: number): string {
  return Number.isInteger(calls) ? String(calls) : calls.toFixed(2);
}

/** A share as a percentage: one decimal, "< 0.1 %" for a positive share that rounds to 0. */
function formatShare(share: number): string {
  if (share > 0 && share < 0.0005) return '< 0.1 %';
  return `${(100 * share).toFixed(1)} %`;
}

/** Why an own copy the library does not export could not be looked for, or null when it was. */
function unsearched(profile: PrimitiveProfile): string | null {
  if (profile.symbolTable === 'stripped') return 'library stripped';
  if (profile.symbolTable === 'unavailable') return 'symbol table unread';
  return null;
}

function cell(entry: PrimitiveShare | undefined, profile: PrimitiveProfile): Inline[] {
  if (entry === undefined) return ['—'];
  if (entry.origin === 'instance') return ['own primitives'];
  const reason = unsearched(profile);
  if (entry.calls === 0) return [reason === null ? 'not called' : `not called (${reason})`];
  const calls = formatCalls(entry.callsPerOperation);
  return [`${calls} call${calls === '1' ? '' : 's'} · ${formatShare(entry.share ?? 0)}`];
}

function row(record: OperationRecord): Inline[][] {
  const profile = record.primitiveProfile ?? null;
  if (profile === null)
    return [[codeSpan(record.instance)], ...PLACEHOLDER_PRIMITIVES.map(() => ['—']), ['not profiled']];
  const own = profile.primitives.some((entry) => entry.origin === 'instance');
  return [
    [codeSpan(record.instance)],
    ...PLACEHOLDER_PRIMITIVES.map((name) =>
      cell(
        profile.primitives.find((entry) => entry.name === name),
        profile,
      ),
    ),
    [`${formatShare(profile.sharesSum)}${own ? ' (without its own primitives)' : ''}`],
  ];
}

/** The operations whose library's symbol table could not be read: their "not called" cannot rule out an own copy. */
function unsearchedNote(records: readonly OperationRecord[], label: (record: OperationRecord) => string): Block[] {
  const unread = records.filter(
    (record) => record.primitiveProfile != null && unsearched(record.primitiveProfile) !== null,
  );
  if (unread.length === 0) return [];
  const inlines: Inline[] = ['No symbol table could be read of the library of'];
  unread.forEach((record, index) =>
    inlines.push(
      index === 0 ? ' ' : '; ',
      codeSpan(record.instance),
      ` ${label(record)} (${unsearched(record.primitiveProfile!)})`,
    ),
  );
  inlines.push(
    ': a primitive it defines without exporting it (a static function, hidden visibility) would read “not called” there, so “not called” does not rule out an own copy.',
  );
  return [paragraph(...inlines)];
}

function failureNote(records: readonly OperationRecord[], label: (record: OperationRecord) => string): Block[] {
  const failed = records.filter((record) => record.primitiveProfileFailure != null);
  if (failed.length === 0) return [];
  const inlines: Inline[] = ['Not profiled:'];
  failed.forEach((record, index) =>
    inlines.push(
      index === 0 ? ' ' : '; ',
      codeSpan(record.instance),
      ` ${label(record)}: ${record.primitiveProfileFailure}`,
    ),
  );
  return [paragraph(...inlines, '.')];
}

/**
 * The section of a public-key candidate page on the ICCS placeholder primitives: one table per
 * operation that has a profile (or a profile failure); null when no record has either.
 * @param records - the candidate's generic-form records, in page order
 * @param label - the operation's words on the page (the category's `operations.label`)
 * @example
 * ```ts
 * const section = buildPrimitiveProfileSection(records, (record) => record.operation.name);
 * ```
 */
export function buildPrimitiveProfileSection(
  records: readonly OperationRecord[],
  label: (record: OperationRecord) => string,
): ReportSection | null {
  const profiled = records.filter(
    (record) => record.primitiveProfile !== undefined || record.primitiveProfileFailure != null,
  );
  if (profiled.length === 0) return null;
  const operations = [...new Set(profiled.map((record) => label(record)))];
  const tables: Block[] = operations.map((operation) => ({
    kind: 'table',
    caption: `${operation}: calls per operation and share of its time of each ICCS placeholder primitive`,
    headers: [
      `${operation}: instance`,
      ...PLACEHOLDER_PRIMITIVES.map((name) => `${name} (calls · share)`),
      'sum of shares',
    ],
    numeric: [false, true, true, true, true, true],
    rows: profiled.filter((record) => label(record) === operation).map(row),
  }));
  return {
    heading: 'Time in the ICCS placeholder primitives',
    id: 'placeholder-primitives',
    blocks: [
      paragraph(
        'Round 2 replaces the placeholder hashes sm3hash, pseudohash and pseudoXOF by the winning hash. For each operation, the calls the instance makes of them and of the DRNG’s get_random_number per call of the operation, and the share of the operation’s time spent inside each, ' +
          'measured in a driver process of its own after the timed trials, in which the driver’s stand-ins for these functions count; the timed trials never load the counting stand-ins, so the headline figures above do not include it (see the method page). ' +
          'A primitive the instance defines itself, exported or not (a static function, hidden visibility: found in its library’s symbol table), is its own code, shown as “own primitives”: not measured.',
      ),
      ...tables,
      ...unsearchedNote(profiled, label),
      ...failureNote(profiled, label),
    ],
  };
}

/**
 * The method page's section on the profile of the ICCS placeholder primitives: how it is measured
 * and why the headline is unaffected; null when no record of the run has a profile.
 * @param records - every generic-form record of the run
 * @example
 * ```ts
 * const section = primitiveProfileMethodSection(dataset.operationRecords?.map(({ record }) => record) ?? []);
 * ```
 */
export function primitiveProfileMethodSection(records: readonly OperationRecord[]): ReportSection | null {
  const profiles = records.flatMap((record) => (record.primitiveProfile == null ? [] : [record.primitiveProfile]));
  if (profiles.length === 0) return null;
  const rounds = [...new Set(profiles.map((profile) => profile.rounds.length))].sort((a, b) => a - b);
  const overheads = profiles.map((profile) => profile.probeOverheadRatio).sort((a, b) => a - b);
  const [low, high] = [overheads[0]!, overheads[overheads.length - 1]!].map((ratio) => formatShare(Math.max(0, ratio)));
  const overheadRange = low === high ? low! : `${low} to ${high}`;
  return {
    heading: 'Time in the ICCS placeholder primitives',
    id: 'placeholder-primitives',
    blocks: [
      paragraph(
        'A public-key instance may leave sm3hash, pseudohash, pseudoXOF and the DRNG’s functions to the program it is loaded into; the driver then provides them (stand-ins in its ICCS support library). ' +
          'For each public-key operation, after its timed trials, one more driver process (',
        codeSpan('op-profile'),
        ') loads the instance beside a second copy of that library in which the stand-ins read the counter just before and just after each call of sm3hash, pseudohash, pseudoXOF and get_random_number and count the calls (a call made inside another counts as a call; its time is the outer call’s). ' +
          `After the operation’s set-up and one warm-up call, each of ${rounds.join(' or ')} rounds runs a batch of calls without counting and a batch with counting; ` +
          'the share of a primitive is the median over the rounds of the ticks inside it over the ticks of the counted batch, one counter read per counted call taken off the first and two off the second (the probes’ own cost). ' +
          'Calls per operation are the counted calls over the operation’s calls. A primitive the instance defines itself is its own code: the driver sees none of its calls, and the page says “own primitives”. ' +
          'It is found by the driver when the library exports it, and otherwise (a static function, hidden visibility, so that the stand-in is never called) by the library’s own symbol table (nm --defined-only, local symbols included); a library stripped of its symbol table cannot show such a copy, and its page says so beside “not called”. A function the compiler inlined everywhere leaves no symbol.',
      ),
      paragraph(
        'The headline figures are unaffected: the timed processes load the plain stand-ins, which hold no counting code, and the profiling process runs after every trial of the operation’s batch, never beside one. ' +
          `In the profiling process itself the probes added ${overheadRange} to the counted batches (the median per operation of counted over uncounted ticks, minus 1).`,
      ),
    ],
  };
}
