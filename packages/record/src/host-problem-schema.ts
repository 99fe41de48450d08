import { z } from 'zod';

/**
 * The stable codes of host problems, as `campaign.json` `hostProblems`, `hostChecks[].problems`
 * and every record's `hostProblems` store them (`{ code, message }`). A problem makes cycle figures
 * less trustworthy or not comparable with a tuned host; a consumer switches on the code, never on
 * the message, whose words may change. Source of each: guide §3.4 "host state, checked and recorded"
 * (found by `@ngcc-perf/timing`'s `classifyHost`) unless it says otherwise.
 *
 * @example
 * ```ts
 * const recordedOnly = campaign.hostProblems.filter((p) => p.code === HOST_PROBLEM_CODE.SANDBOX_OFF);
 * ```
 */
export const HOST_PROBLEM_CODE = Object.freeze({
  /** The driver's counter is not PMU core cycles (`tsc`, `cntvct`, `clock`): figures are ticks of a fixed-rate counter. */
  NO_CORE_CYCLE_COUNTER: 'no-core-cycle-counter',
  /** `kernel.perf_event_paranoid` above 2 keeps user code from counting its own cycles. */
  PERF_EVENT_PARANOID: 'perf-event-paranoid',
  /** A hypervisor shows itself (CPU flag, DMI, /sys/hypervisor): the guest's clock and caches are shared. */
  VIRTUAL_MACHINE: 'virtual-machine',
  /** The measuring CPU is not online. */
  CPU_NOT_ONLINE: 'cpu-not-online',
  /** Without cpufreq, no clock probe vouched for a fixed core clock (it could not run or was switched off). */
  CLOCK_UNVERIFIED: 'clock-unverified',
  /** The clock probe saw the counter's rate or the core clock move between its windows. */
  CLOCK_UNSTEADY: 'clock-unsteady',
  /** x86: the TSC is not invariant (`constant_tsc`/`nonstop_tsc` missing from the CPU flags). */
  TSC_NOT_INVARIANT: 'tsc-not-invariant',
  /** The cpufreq governor of the measuring CPU is not `performance`. */
  GOVERNOR_NOT_PERFORMANCE: 'governor-not-performance',
  /** cpufreq's minimum and maximum frequency of the measuring CPU differ. */
  FREQUENCY_NOT_FIXED: 'frequency-not-fixed',
  /** Turbo (`intel_pstate/no_turbo` = 0) or boost (`cpufreq/boost` = 1) is on. */
  TURBO_ON: 'turbo-on',
  /** The measuring CPU has an online SMT sibling sharing its core. */
  SMT_SIBLING_ACTIVE: 'smt-sibling-active',
  /** The 1-minute load average is above the limit for the online CPUs: the host is busy. */
  HIGH_LOAD: 'high-load',
  /** A CFS CPU quota (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us`) limits the measuring process: throttled trials are slower and look preempted. */
  CPU_QUOTA: 'cpu-quota',
  /** Candidate code ran outside the driver's sandbox (`--no-sandbox`, NGCC_PERF_NO_SANDBOX): recorded, not refused. Source: @ngcc-perf/native/PROTOCOL.md "Sandbox". */
  SANDBOX_OFF: 'sandbox-off',
  /** No sandbox could be entered (neither bubblewrap nor user namespaces): no library can run. Source: @ngcc-perf/native/PROTOCOL.md "Sandbox". */
  SANDBOX_UNAVAILABLE: 'sandbox-unavailable',
  /** A problem a run directory stored as a sentence alone (written before the codes existed, or imported): its message is that sentence. */
  UNCODED: 'uncoded',
} as const);

/** A host problem code ({@link HOST_PROBLEM_CODE}). */
export type HostProblemCode = (typeof HOST_PROBLEM_CODE)[keyof typeof HOST_PROBLEM_CODE];

const codes = Object.values(HOST_PROBLEM_CODE) as [HostProblemCode, ...HostProblemCode[]];

const codedHostProblemSchema = z.object({
  code: z.enum(codes),
  /** One sentence with the figures, saying why it matters (and, where one exists, the fix). */
  message: z.string().min(1),
});

/** One host problem: a stable code ({@link HOST_PROBLEM_CODE}) and its sentence. */
export type HostProblem = z.infer<typeof codedHostProblemSchema>;

/** How the sandbox problems' sentences began when run directories stored sentences only. */
const LEGACY_SENTENCE_PREFIX: ReadonlyArray<readonly [string, HostProblemCode]> = [
  ['sandbox OFF (', HOST_PROBLEM_CODE.SANDBOX_OFF],
  ['sandbox UNAVAILABLE (', HOST_PROBLEM_CODE.SANDBOX_UNAVAILABLE],
];

/**
 * The `{ code, message }` of a host problem a run directory stored as a sentence (campaign.json
 * and records written before the codes, or imported): a sandbox sentence keeps its code, any other
 * is `uncoded`, with the sentence as its message.
 *
 * @param sentence - the stored sentence.
 * @returns the problem; never throws.
 * @example
 * ```ts
 * hostProblemFromSentence('sandbox OFF (--no-sandbox): candidate code ran outside …').code; // 'sandbox-off'
 * ```
 */
export function hostProblemFromSentence(sentence: string): HostProblem {
  const known = LEGACY_SENTENCE_PREFIX.find(([prefix]) => sentence.startsWith(prefix));
  return { code: known?.[1] ?? HOST_PROBLEM_CODE.UNCODED, message: sentence };
}

/**
 * Zod schema of one host problem: its stable `code` ({@link HOST_PROBLEM_CODE}) and one
 * `message` sentence with the figures, saying why it matters and, where one exists, the fix. A
 * bare sentence (the legacy form) is accepted and read as {@link hostProblemFromSentence} maps it.
 *
 * @example
 * ```ts
 * hostProblemSchema.parse({ code: 'turbo-on', message: 'turbo is on' }).code; // 'turbo-on'
 * hostProblemSchema.parse('a sentence from an older run').code; // 'uncoded'
 * ```
 */
export const hostProblemSchema = z.union([
  codedHostProblemSchema,
  z
    .string()
    .min(1)
    .transform((sentence) => hostProblemFromSentence(sentence)),
]);
