/**
 * The KAT verdict of one instance (the ICCS KAT rules "Verdicts and exit codes"): `PASS`, `MISMATCH`
 * (output differs from the manifest or the submitted KAT file), `NOKAT` (nothing to compare
 * with), `CRYPTOFAIL` (CryptHash returned non-zero), `OVERFLOW` (a guard byte changed),
 * `LOADFAIL` (library or `CryptHash` symbol missing), `TIMEOUT`, `CRASH` (killed by a signal).
 */
export type KatVerdict = 'PASS' | 'MISMATCH' | 'NOKAT' | 'CRYPTOFAIL' | 'OVERFLOW' | 'LOADFAIL' | 'TIMEOUT' | 'CRASH';

/**
 * Exit code of `ngcc-perf kat` for each verdict: PASS 0, MISMATCH 1, NOKAT 3, CRYPTOFAIL 4,
 * OVERFLOW 5, LOADFAIL 6, TIMEOUT 7, CRASH 8. PASS and MISMATCH share the CLI's success (0) and
 * negative-verdict (1) codes; no verdict uses 2, which every command keeps for bad input or
 * usage, so a script can tell "no KAT to compare with" from a mistyped option (README "Exit
 * codes"). These are not the driver's own exit codes (@ngcc-perf/native/PROTOCOL.md).
 *
 * @example
 * ```ts
 * process.exitCode = VERDICT_EXIT_CODES[result.verdict];
 * ```
 */
export const VERDICT_EXIT_CODES: Readonly<Record<KatVerdict, number>> = Object.freeze({
  PASS: 0,
  MISMATCH: 1,
  NOKAT: 3,
  CRYPTOFAIL: 4,
  OVERFLOW: 5,
  LOADFAIL: 6,
  TIMEOUT: 7,
  CRASH: 8,
});
