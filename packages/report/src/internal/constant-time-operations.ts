// The constant-time section's words for an audit of public-key operations (build.json `ct.operations`):
// what was secret in which operation, the timing test over secret keys with its power (one per
// operation, with its classes, when the run kept each: `ct.operationTimings`), and the coverage the
// category's audit does not have. Hash audits (no `operations`) never reach here.
import type { BuildInstance, CtAudit } from '@ngcc-perf/record';
import { codeSpan, paragraph, type Block, type Inline } from './report-model.js';

type CtTiming = NonNullable<CtAudit['timing']>;

/** True when the audit ran operations of a public-key category (not CryptHash). */
export function isOperationAudit(ct: CtAudit): boolean {
  return ct.operations !== undefined;
}

/** Each audited operation, what was secret in it and the buffers marked. */
function operationAuditIntro(audits: readonly CtAudit[]): Inline[] {
  const seen = new Map<string, { description: string; secrets: string[] }>();
  for (const ct of audits) for (const entry of ct.operations ?? []) seen.set(entry.operation, entry);
  const parts: Inline[] = [];
  for (const [operation, entry] of seen) {
    parts.push(parts.length === 0 ? '' : '; ', codeSpan(operation), ` — ${entry.description} (buffers marked: `);
    parts.push(codeSpan(entry.secrets.join(', ')), ')');
  }
  return parts;
}

/**
 * The smallest mean difference between the key classes that would have crossed the threshold at
 * this test's noise and sample count: the threshold × the standard error, where the standard error
 * is |difference| / |t| at the test of largest |t| (in percent of the median call), or null.
 */
export function detectableDifferencePercent(t: CtTiming): number | null {
  if (t.differencePercent === null || t.maxAbsT <= 0 || t.differencePercent === 0) return null;
  return (t.thresholdAbsT * Math.abs(t.differencePercent)) / t.maxAbsT;
}

/**
 * The result of one timing test after its first clause: repeat, verdict, power (a difference
 * between `classes`), and whether it stopped short.
 */
function timingResult(t: CtTiming, classes: string): string {
  const repeat = t.repeat === null ? '' : `; repeat ±${t.repeat.maxAbsT.toFixed(1)}`;
  const verdict = t.differenceSuspected
    ? `; difference confirmed (both above ${t.thresholdAbsT}, ${t.direction?.replace('-', ' ') ?? 'same direction'})`
    : `; no confirmed difference (threshold ${t.thresholdAbsT})`;
  const detectable = detectableDifferencePercent(t);
  const power =
    detectable === null
      ? '; power not estimated'
      : `; power: a mean difference of about ${detectable.toFixed(2)} % of the median call between the ${classes} would have crossed the threshold`;
  const short = t.minSamplesReached === false ? `, stopped before its ${t.minSamplesCount} samples` : '';
  return `${repeat}${verdict}${power}${short}`;
}

/**
 * The verdict table's timing cell for an operation audit: the first operation's test with its
 * classes (a run recorded before `operationTimings`), or a pointer to the table of every operation's.
 */
export function operationTimingSentence(ct: CtAudit): string {
  if (ct.operationTimings !== undefined) return 'one per operation, below';
  const t = ct.timing;
  if (t === null) return ct.timingDetail ?? 'not run';
  const operation = ct.operations?.[0]?.operation ?? 'the operation';
  return `Welch t up to ±${t.maxAbsT.toFixed(1)} over ${t.samplesCount} calls of ${operation}, one fixed key pair against key pairs drawn at random from others, each on its own ciphertext or exchange${timingResult(t, 'key classes')}`;
}

/**
 * The table of every audited operation's timing test (`ct.operationTimings`): instance, operation,
 * what the fixed class holds and what the random class draws, and the result with its power; none
 * when no instance kept them (runs recorded before it).
 */
export function operationTimingsTable(instances: readonly BuildInstance[]): Block[] {
  const rows: Inline[][][] = instances.flatMap((entry) =>
    (entry.ct?.operationTimings ?? []).map((test) => [
      [codeSpan(entry.instance)],
      [test.operation],
      [test.classes],
      [
        test.timing === null
          ? (test.timingDetail ?? 'not run')
          : `Welch t up to ±${test.timing.maxAbsT.toFixed(1)} over ${test.timing.samplesCount} calls${timingResult(test.timing, 'classes')}`,
      ],
    ]),
  );
  if (rows.length === 0) return [];
  return [
    {
      kind: 'table',
      caption: 'Timing test by operation (evidence only)',
      headers: ['instance', 'operation', 'classes', 'timing test'],
      numeric: [false, false, false, false],
      rows,
    },
  ];
}

/** The section's opening paragraph for operation audits: how the secret was marked and what a finding is. */
export function operationAuditParagraph(audits: readonly CtAudit[]): Block {
  const timing = audits.some((ct) => ct.operationTimings !== undefined)
    ? 'The timing test of each operation (a fixed class against a random class, Welch’s t, run twice; what each class holds is in its table) is evidence only'
    : 'The timing test (one fixed key pair against key pairs drawn from others, Welch’s t, run twice) is evidence only';
  return paragraph(
    'Each library was run again, built with the same flags plus ',
    codeSpan('-g'),
    ', under valgrind memcheck after the operation’s set-up (its key pair, ciphertext or exchange made and checked), with its secret marked: ',
    ...operationAuditIntro(audits),
    '. A branch or a table index computed from secret bytes is a finding, and so is an integer division whose operands changed when only the secret changed (three key pairs, the rest fixed). ' +
      'Each finding names the load or jump and the line where the secret entered the instance’s own code. ' +
      `${timing}; this host is shared and noisy. A clean result is not a proof: see the limits below and the method page.`,
  );
}
