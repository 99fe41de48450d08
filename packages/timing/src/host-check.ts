// The host check of the library path: the problems `ngcc-perf run` refuses a host for (without
// --allow-unfixed-host), found again when a script measures through measureOperation or
// compareLibraries, returned with the figures and, unless silenced, said on stderr.
import type { HostProblem } from '@ngcc-perf/record';
import type { MeasuredCounter } from './counter-types.js';
import { detectHostProblems } from './detect-host-problems.js';
import { readHostEnvironment } from './read-host-environment.js';

/**
 * What a measuring call does about the host: `warn` (default) finds the host's problems, returns
 * them (`hostProblems`) and writes one warning on stderr when there are any; `quiet` finds and
 * returns them without the warning; `off` does neither (`hostProblems: null`), for a caller that
 * checked the host itself (a campaign's check-host phase).
 */
export type HostCheck = 'warn' | 'quiet' | 'off';

/** The stderr warning for a host with problems, one line per problem; empty for none. */
export function hostWarning(problems: readonly HostProblem[]): string {
  if (problems.length === 0) return '';
  return (
    `ngcc-perf: warning: this host has ${problems.length} problem(s) that make the figures less trustworthy ` +
    '(`ngcc-perf run` refuses it without --allow-unfixed-host):\n' +
    problems.map((problem) => `  - ${problem.code}: ${problem.message}\n`).join('') +
    "ngcc-perf: the result's hostProblems lists them; hostCheck: 'quiet' silences this warning.\n"
  );
}

/**
 * The host's problems for a measurement with `counter` on `cpu` (`detectHostProblems`), written
 * to stderr per `mode`; null when `mode` is `off` or no counter is known (nothing was measured).
 */
export function checkHost(
  mode: HostCheck,
  counter: MeasuredCounter | null,
  cpu: number | null,
  write: (text: string) => void = (text) => process.stderr.write(text),
): HostProblem[] | null {
  if (mode === 'off' || counter === null) return null;
  const problems = detectHostProblems(readHostEnvironment(cpu === null ? {} : { cpu }), {
    ...counter,
    hz: counter.hz ?? undefined,
  });
  if (mode === 'warn') {
    const text = hostWarning(problems);
    if (text !== '') write(text);
  }
  return problems;
}
