import { runKat } from '@ngcc-perf/kat';

/** What a library did when asked for a shorter digest than its instance's (one CryptHash call). */
export interface DigestLengthProbe {
  /** The digest length asked for: the instance's less 8 bits. */
  requestedBits: number;
  /**
   * `honoured`: it wrote the shorter digest; `fixed-length`: it wrote past the requested length
   * (its own length whatever it is asked: the guard bytes after the digest changed);
   * `rejected`: it returned non-zero (it accepts only its own length); `failed`: another verdict.
   */
  result: 'honoured' | 'fixed-length' | 'rejected' | 'failed';
  /** The driver's verdict detail, or null. */
  detail: string | null;
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
    outcome.verdict === 'OVERFLOW'
      ? 'fixed-length'
      : outcome.verdict === 'CRYPTOFAIL'
        ? 'rejected'
        : outcome.verdict === 'NOKAT' || outcome.verdict === 'PASS'
          ? 'honoured'
          : 'failed';
  const detail =
    result === 'honoured'
      ? null
      : result === 'rejected'
        ? `CryptHash returned ${outcome.verdict === 'CRYPTOFAIL' ? String(outcome.returnCode ?? 'non-zero') : 'non-zero'} when asked for ${requestedBits} bits instead of its ${options.digestBits}: the library's choice (it accepts only its own digest length), not a harness or memory limit`
        : outcome.detail;
  return { requestedBits, result, detail };
}
