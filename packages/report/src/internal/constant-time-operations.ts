// The constant-time section's words for an audit of public-key operations (build.json `ct.operations`):
// what was secret in which operation, the timing test over secret keys with its power, and the
// coverage the category's audit does not have. Hash audits (no `operations`) never reach here.
import type { CtAudit } from '@ngcc-perf/record';
import { codeSpan, paragraph, type Block, type Inline } from './report-model.js';

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
export function detectableDifferencePercent(t: NonNullable<CtAudit['timing']>): number | null {
  if (t.differencePercent === null || t.maxAbsT <= 0 || t.differencePercent === 0) return null;
  return (t.thresholdAbsT * Math.abs(t.differencePercent)) / t.maxAbsT;
}

/** The timing test's sentence for an operation audit: classes, result, repeat, and power. */
export function operationTimingSentence(ct: CtAudit): string {
  const t = ct.timing;
  if (t === null) return ct.timingDetail ?? 'not run';
  const operation = ct.operations?.[0]?.operation ?? 'the operation';
  const base = `Welch t up to ±${t.maxAbsT.toFixed(1)} over ${t.samplesCount} calls of ${operation}, one fixed key pair against key pairs drawn at random from others, each on its own ciphertext or exchange`;
  const repeat = t.repeat === null ? '' : `; repeat ±${t.repeat.maxAbsT.toFixed(1)}`;
  const verdict = t.differenceSuspected
    ? `; difference confirmed (both above ${t.thresholdAbsT}, ${t.direction?.replace('-', ' ') ?? 'same direction'})`
    : `; no confirmed difference (threshold ${t.thresholdAbsT})`;
  const detectable = detectableDifferencePercent(t);
  const power =
    detectable === null
      ? '; power not estimated'
      : `; power: a mean difference of about ${detectable.toFixed(2)} % of the median call between the key classes would have crossed the threshold`;
  const short = t.minSamplesReached === false ? `, stopped before its ${t.minSamplesCount} samples` : '';
  return `${base}${repeat}${verdict}${power}${short}`;
}

/** The section's opening paragraph for operation audits: how the secret was marked and what a finding is. */
export function operationAuditParagraph(audits: readonly CtAudit[]): Block {
  return paragraph(
    'Each library was run again, built with the same flags plus ',
    codeSpan('-g'),
    ', under valgrind memcheck after the operation’s set-up (its key pair, ciphertext or exchange made and checked), with its secret marked: ',
    ...operationAuditIntro(audits),
    '. A branch or a table index computed from secret bytes is a finding, and so is an integer division whose operands changed when only the secret changed (three key pairs, the rest fixed). ' +
      'Each finding names the load or jump and the line where the secret entered the instance’s own code. ' +
      'The timing test (one fixed key pair against key pairs drawn from others, Welch’s t, run twice) is evidence only; this host is shared and noisy. A clean result is not a proof: see the limits below and the method page.',
  );
}
