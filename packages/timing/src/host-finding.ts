/**
 * Stable codes of what `assessHost` finds. Problems make cycle figures untrustworthy or not
 * comparable with a tuned host; notes are recorded facts a reader should know.
 */
export type HostFindingCode =
  | 'no-core-cycle-counter'
  | 'perf-event-paranoid'
  | 'virtual-machine'
  | 'cpu-not-online'
  | 'clock-unverified'
  | 'clock-unsteady'
  | 'tsc-not-invariant'
  | 'governor-not-performance'
  | 'frequency-not-fixed'
  | 'turbo-on'
  | 'smt-sibling-active'
  | 'high-load'
  | 'no-cpufreq'
  | 'aslr-on'
  | 'not-isolated'
  | 'hybrid-cpu';

/** One thing found about the host. */
export interface HostFinding {
  code: HostFindingCode;
  /** One sentence with the figures, saying why it matters (and, where one exists, the fix). */
  message: string;
}

/**
 * Whether each code is a problem or a note. Problems: no core-cycle counter, perf_event_paranoid
 * blocking it, a virtual machine, an offline measuring CPU, a clock that could not be verified
 * fixed or was unsteady, a TSC that is not invariant, a governor other than `performance`,
 * min ≠ max frequency, turbo or boost on, an SMT sibling, a busy host. Notes: no cpufreq (the
 * clock probe stands in), ASLR on (each trial process gets a fresh layout — SPEC §5 wants that),
 * a measuring CPU that is not isolated, a hybrid CPU (which core type measured).
 *
 * @example
 * ```ts
 * HOST_FINDING_SEVERITY['aslr-on']; // 'note'
 * ```
 */
export const HOST_FINDING_SEVERITY: Readonly<Record<HostFindingCode, 'problem' | 'note'>> = Object.freeze({
  'no-core-cycle-counter': 'problem',
  'perf-event-paranoid': 'problem',
  'virtual-machine': 'problem',
  'cpu-not-online': 'problem',
  'clock-unverified': 'problem',
  'clock-unsteady': 'problem',
  'tsc-not-invariant': 'problem',
  'governor-not-performance': 'problem',
  'frequency-not-fixed': 'problem',
  'turbo-on': 'problem',
  'smt-sibling-active': 'problem',
  'high-load': 'problem',
  'no-cpufreq': 'note',
  'aslr-on': 'note',
  'not-isolated': 'note',
  'hybrid-cpu': 'note',
});
