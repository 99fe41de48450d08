/**
 * The exit codes every `ngcc-perf` command uses (README "Exit codes"; one table):
 * - `EXIT_SUCCESS` 0: the job was done and its verdict is positive.
 * - `EXIT_NEGATIVE_VERDICT` 1: a verdict against the input (a regression in `compare`, MISMATCH in
 *   `kat`, host problems in `check-host`, an invalid run directory in `validate`).
 * - `EXIT_BAD_INPUT` 2: bad input or usage (an option, a file, a candidate, a missing build).
 * - `EXIT_NOT_VOUCHED` 3: could not vouch, or completed with failures (`compare`: not comparable,
 *   too few trials, counters differ, a size missing from B; `run`: some operations failed, an
 *   input gave no measurable instance, or nothing was built (an instance's KAT verdict is in its
 *   record, not in the exit code); `time`
 *   and `plan`: the library failed while being measured). `kat` has its own codes for its other
 *   verdicts (`VERDICT_EXIT_CODES` of `@ngcc-perf/kat`: NOKAT 3 … CRASH 8).
 * - `EXIT_INTERNAL_ERROR` 70: an unexpected exception (EX_SOFTWARE of sysexits.h); a bug to report.
 */
export const EXIT_SUCCESS = 0;
export const EXIT_NEGATIVE_VERDICT = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_NOT_VOUCHED = 3;
export const EXIT_INTERNAL_ERROR = 70;
