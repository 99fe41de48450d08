import type { HostProblem, HostProblemCode } from '@ngcc-perf/record';

/**
 * Codes of the notes `assessHost` finds: recorded facts a reader should know, not problems —
 * `no-cpufreq` (the clock probe stands in), `aslr-on` (each trial process gets a fresh layout, as
 * guide §3.4 wants), `not-isolated` (the measuring CPU is not isolated), `hybrid-cpu` (which core
 * type measured).
 */
export type HostNoteCode = 'no-cpufreq' | 'aslr-on' | 'not-isolated' | 'hybrid-cpu';

/**
 * Stable codes of what `assessHost` finds: the host problem codes of `@ngcc-perf/record`
 * (`HOST_PROBLEM_CODE`, where each is documented) this package finds, and the note codes.
 */
export type HostFindingCode =
  Exclude<HostProblemCode, 'sandbox-off' | 'sandbox-unavailable' | 'uncoded'> | HostNoteCode;

/** One thing found about the host: a `HostProblem` of `@ngcc-perf/record`, or a note. */
export interface HostFinding extends Omit<HostProblem, 'code'> {
  code: HostFindingCode;
}

/** A finding that is a problem: what `classifyHost` lists under `problems`, a `HostProblem` as records store it. */
export interface HostProblemFinding extends HostFinding {
  code: Exclude<HostFindingCode, HostNoteCode>;
}

/**
 * Whether each code is a problem or a note. Problems: no core-cycle counter, perf_event_paranoid
 * blocking it, a virtual machine, an offline measuring CPU, a clock that could not be verified
 * fixed or was unsteady, a TSC that is not invariant, a governor other than `performance`,
 * min ≠ max frequency, turbo or boost on, an SMT sibling, a busy host, a CFS CPU quota. Notes: no cpufreq (the
 * clock probe stands in), ASLR on (each trial process gets a fresh layout — guide §3.4 wants that),
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
  'cpu-quota': 'problem',
  'no-cpufreq': 'note',
  'aslr-on': 'note',
  'not-isolated': 'note',
  'hybrid-cpu': 'note',
});
