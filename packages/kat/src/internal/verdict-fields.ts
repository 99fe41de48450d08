// Verdict fields and one-line details from driver outcomes and reference comparisons.
import type { DriverKatOutcome } from '../driver-runner.js';
import type { KatVerdictFields } from '../kat-result.js';
import { shortHex } from './short-hex.js';

type Failure = Exclude<DriverKatOutcome, { status: 'ok' }>;
type Mismatch = Extract<KatVerdictFields, { verdict: 'MISMATCH' }>;

/** The verdict a failed driver run gives (a nondeterministic library is a MISMATCH: the ICCS KAT rules has no other code for it). */
export function failureFields(file: string, outcome: Failure): KatVerdictFields {
  switch (outcome.status) {
    case 'CRYPTOFAIL':
      return {
        verdict: 'CRYPTOFAIL',
        file,
        messageBits: outcome.messageBits,
        returnCode: outcome.returnCode,
        index: outcome.index,
        iteration: outcome.iteration,
      };
    case 'OVERFLOW':
      return {
        verdict: 'OVERFLOW',
        file,
        messageBits: outcome.messageBits,
        buffer: outcome.buffer,
        index: outcome.index,
        iteration: outcome.iteration,
      };
    case 'NONDETERMINISTIC':
      return {
        verdict: 'MISMATCH',
        reference: 'repeat',
        file,
        index: outcome.index,
        iteration: outcome.iteration,
        messageBits: outcome.messageBits,
        expected: outcome.firstHex,
        actual: outcome.secondHex,
      };
    case 'LOADFAIL':
      return { verdict: 'LOADFAIL', file };
    case 'TIMEOUT':
      return { verdict: 'TIMEOUT', file, timeoutSeconds: outcome.timeoutSeconds };
    case 'CRASH':
      return {
        verdict: 'CRASH',
        file,
        signal: outcome.signal,
        processExitCode: outcome.exitCode,
        messageBits: outcome.messageBits,
      };
  }
}

function quoted(value: string): string {
  return `"${shortHex(value)}"`;
}

/** One line naming the file, where it differs, and both sides (hex shortened). */
export function mismatchDetail(fields: Mismatch, manifestName: string): string {
  if (fields.reference === 'manifest') {
    return `${fields.file}: canonical SHA-256 ${fields.actual} differs from ${fields.expected} (${manifestName} line ${fields.manifestLine})`;
  }
  if (fields.reference === 'repeat') {
    const step = fields.iteration === null ? '' : `, step ${fields.iteration} of the chain`;
    return `${fields.file} record ${fields.index}${step} (${fields.messageBits} bits): CryptHash is not deterministic, two calls on the same message gave ${quoted(fields.expected)} and ${quoted(fields.actual)}`;
  }
  const theirs = fields.expectedLine === 0 ? 'after its end' : `line ${fields.expectedLine}`;
  const ours = fields.line === 0 ? 'after its end' : `line ${fields.line}`;
  return `${fields.file} record ${fields.record}, field ${fields.field}: expected ${quoted(fields.expected)} (submitted file ${theirs}), got ${quoted(fields.actual)} (generated file ${ours})`;
}
