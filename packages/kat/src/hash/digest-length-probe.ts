import { runKat } from '../run-kat.js';
import type { KatResult } from '../kat-result.js';

/** What a library did when asked for a shorter digest than its instance's (one CryptHash call). */
export interface DigestLengthProbe {
  /** The digest length asked for: the instance's less 8 bits. */
  requestedBits: number;
  /**
   * `honoured`: it wrote the shorter digest; `fixed-length`: it wrote past the requested length
   * (its own length whatever it is asked: a guard byte after the digest buffer changed);
   * `rejected`: it returned non-zero (it accepts only its own length); `failed`: anything else
   * (a crash, a timeout, a write into the message buffer, two different digests).
   */
  result: 'honoured' | 'fixed-length' | 'rejected' | 'failed';
  /**
   * Null when honoured, else one sentence that names the digest-length probe, the length asked
   * and what the library did (never a KAT file: the probe generates none), e.g. `digest-length
   * probe (one CryptHash call asking for 504 bits instead of the instance's 512; no KAT file is
   * generated): CryptHash wrote guard byte 0 after the digest buffer of 63 bytes, so it writes its
   * own digest length whatever it is asked`.
   */
  detail: string | null;
}

/** What the library did when asked for `requestedBits`, in the probe's own words (no KAT file is generated). */
function probeDetail(outcome: KatResult, requestedBits: number, digestBits: number): string {
  const asked =
    `digest-length probe (one CryptHash call asking for ${requestedBits} bits instead of the instance's ${digestBits}; ` +
    'no KAT file is generated)';
  const said = outcome.detail ?? '';
  switch (outcome.verdict) {
    case 'CRYPTOFAIL':
      return `${asked}: CryptHash returned ${String(outcome.returnCode ?? 'non-zero')}, the library's choice (it accepts only its own digest length), not a harness or memory limit`;
    case 'OVERFLOW': {
      // the driver names the guard byte it found changed ("wrote guard byte 0 after the digest buffer")
      const guard = /wrote (guard byte \d+|a guard byte) (after|before|around) the (\w+) buffer/.exec(said);
      const wrote = guard?.[0] ?? `changed a guard byte of the ${outcome.buffer ?? 'digest or message'} buffer`;
      if (outcome.buffer === 'digest')
        return `${asked}: CryptHash ${wrote} of ${requestedBits / 8} bytes, so it writes its own digest length whatever it is asked`;
      return outcome.buffer === 'message-content'
        ? `${asked}: CryptHash changed the (const) message it was given`
        : `${asked}: CryptHash ${wrote}`;
    }
    case 'CRASH':
      return `${asked}: ${outcome.signal !== null ? `the driver was killed by ${outcome.signal} inside CryptHash` : `the driver exited with code ${String(outcome.processExitCode)}`}`;
    case 'TIMEOUT':
      return `${asked}: CryptHash gave no answer within ${outcome.timeoutSeconds} s`;
    case 'LOADFAIL':
      return `${asked}: the library could not be loaded again`;
    case 'MISMATCH':
      return `${asked}: two calls on the same message gave different digests`;
    default:
      return `${asked}: ${outcome.verdict}`;
  }
}

/**
 * Asks a built library for a digest 8 bits shorter than its instance's, through one call of the
 * driver's KAT machinery (the first KAT_Loop hash, its buffer guards and return-code check), and
 * says what it did. Real instances differ here: an XOF that always writes its header's
 * `DIGEST_BIT_LENGTH`, instances that return -1 for any other length. Null for an 8-bit digest.
 * @example
 * await probeDigestLength({ library: 'runs/x/lib/hash-15/liblitchi_512.so', digestBits: 512, name: 'litchi_512', candidateId: 'hash-15', driverPath });
 * // { requestedBits: 504, result: 'honoured', detail: null }
 */
export async function probeDigestLength(options: {
  library: string;
  digestBits: number;
  name: string;
  candidateId: string;
  driverPath: string;
  /** The run directory: paths in the detail are written relative to it. */
  runDirectory: string;
}): Promise<DigestLengthProbe | null> {
  const requestedBits = options.digestBits - 8;
  if (requestedBits <= 0) return null;
  const outcome = await runKat({
    library: options.library,
    digestBits: requestedBits,
    name: options.name,
    candidateId: options.candidateId,
    driverPath: options.driverPath,
    files: ['KAT_Loop'],
    testSizes: { loopIterations: 0 },
    timeoutSeconds: 60,
    logPathsRelativeTo: options.runDirectory,
  });
  const result =
    outcome.verdict === 'OVERFLOW' && outcome.buffer === 'digest'
      ? 'fixed-length'
      : outcome.verdict === 'CRYPTOFAIL'
        ? 'rejected'
        : outcome.verdict === 'NOKAT' || outcome.verdict === 'PASS'
          ? 'honoured'
          : 'failed';
  const detail = result === 'honoured' ? null : probeDetail(outcome, requestedBits, options.digestBits);
  return { requestedBits, result, detail };
}
