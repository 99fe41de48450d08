import type { HostProblem } from '@ngcc-perf/record';

/**
 * Whether a list of host problems already holds one: the same code and the same sentence (two
 * CPUs or two starts may find the same code with other figures; both are kept).
 * @example
 * hasHostProblem(campaign.hostProblems, { code: 'high-load', message: 'load average 1.9 over 2 CPUs: …' });
 */
export function hasHostProblem(problems: readonly HostProblem[], problem: HostProblem): boolean {
  return problems.some((known) => known.code === problem.code && known.message === problem.message);
}
