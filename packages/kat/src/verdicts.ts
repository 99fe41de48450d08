/**
 * The KAT verdict of one instance (SPEC §4 "Verdicts and exit codes"): `PASS`, `MISMATCH`
 * (output differs from the manifest or the submitted KAT file), `NOKAT` (nothing to compare
 * with), `CRYPTOFAIL` (CryptHash returned non-zero), `OVERFLOW` (a guard byte changed),
 * `LOADFAIL` (library or `CryptHash` symbol missing), `TIMEOUT`, `CRASH` (killed by a signal).
 */
export type KatVerdict = 'PASS' | 'MISMATCH' | 'NOKAT' | 'CRYPTOFAIL' | 'OVERFLOW' | 'LOADFAIL' | 'TIMEOUT' | 'CRASH';

/**
 * Exit code of each verdict (SPEC §4): PASS 0, MISMATCH 1, NOKAT 2, CRYPTOFAIL 3, OVERFLOW 4,
 * LOADFAIL 5, TIMEOUT 6, CRASH 7.
 *
 * @example
 * ```ts
 * process.exitCode = VERDICT_EXIT_CODES[result.verdict];
 * ```
 */
export const VERDICT_EXIT_CODES: Readonly<Record<KatVerdict, number>> = Object.freeze({
  PASS: 0,
  MISMATCH: 1,
  NOKAT: 2,
  CRYPTOFAIL: 3,
  OVERFLOW: 4,
  LOADFAIL: 5,
  TIMEOUT: 6,
  CRASH: 7,
});
