import type { CpuPinning } from './cpu-affinity.js';
import { formatCpuList } from './cpu-affinity.js';
import { describeTimePlan } from './describe-time-plan.js';
import { detectHostProblems } from './detect-host-problems.js';
import type { OperationMeasurement } from './measurement-types.js';
import { readHostEnvironment } from './read-host-environment.js';
import type { CallMemoryOutcome, TimedOperation } from './time-operation.js';

/** Where every process of a `time` call ran, and the CPUs this process may use (`--cpu` picks one; the default is the last). */
export interface TimePinning extends CpuPinning {
  cpu: number;
  allowed: readonly number[];
}

/**
 * The line that says which CPU every process was pinned to, and why that one.
 * @example
 * describeTimePinning({ cpu: 1, source: 'default', allowed: [0, 1] });
 * // 'pinned: every process on CPU 1 (default: the last of the CPUs this process may use, 0-1; --cpu N to choose)\n'
 */
export function describeTimePinning(pinning: TimePinning): string {
  const why =
    pinning.source === 'option'
      ? '--cpu'
      : `default: the last of the CPUs this process may use, ${formatCpuList(pinning.allowed)}; --cpu N to choose`;
  return `pinned: every process on CPU ${pinning.cpu} (${why})\n`;
}

/**
 * The four per-call memory fields of `time --json` (bytes; null when not measured), and
 * `memoryFailure` when the process failed.
 * @example
 * callMemoryFields({ memory: null, memoryFailure: 'CRASH — …' }).heapPeakBytes; // null
 */
export function callMemoryFields({ memory, memoryFailure }: CallMemoryOutcome): Record<string, unknown> {
  return {
    operationPeakBytes: memory?.operationPeakBytes ?? null,
    stackHighWaterBytes: memory?.stackHighWaterBytes ?? null,
    heapPeakBytes: memory?.heapPeakBytes ?? null,
    heapAllocations: memory?.heapAllocations ?? null,
    ...(memoryFailure === null ? {} : { memoryFailure }),
  };
}

/**
 * The human-readable memory line of `time`.
 * @example
 * describeCallMemory({ memory: null, memoryFailure: 'TIMEOUT — …' }); // 'memory: not measured (TIMEOUT — …)\n'
 */
export function describeCallMemory({ memory, memoryFailure }: CallMemoryOutcome): string {
  if (memory === null) return `memory: not measured (${memoryFailure ?? 'unknown reason'})\n`;
  const orNa = (value: number | null, unit: string): string => (value === null ? 'n/a' : `${value} ${unit}`);
  const operationPeak =
    memory.operationPeakBytes === null ? `n/a (clear_refs ${memory.clearRefs})` : `${memory.operationPeakBytes} B`;
  return (
    `memory of one call: stack high-water ${memory.stackHighWaterBytes} B, heap peak ${orNa(memory.heapPeakBytes, 'B')} ` +
    `in ${orNa(memory.heapAllocations, 'allocations')}, operation peak ${operationPeak}\n`
  );
}

/**
 * The result line of `time`: the figures (mean per call, per byte, µs, MB/s, n), or why there are none.
 * @example
 * describeTimeFigures(measured, 16384); // '16384 B: 78252.8 tsc ticks (not core cycles)/call, 4.78 per byte, 32.000 µs, 512.0 MB/s, n = 100000\n'
 */
export function describeTimeFigures(measured: OperationMeasurement, messageBytes: number): string {
  const d = measured.derived;
  if (measured.status === 'failed' || d === null) return `failed: ${measured.failure ?? 'no trial completed'}\n`;
  const unit = measured.counter.kind === 'core-cycles' ? 'cycles' : `${measured.counter.name} ticks (not core cycles)`;
  return (
    `${messageBytes} B: ${d.meanCycles.toFixed(1)} ${unit}/call, ${d.cyclesPerByte.toFixed(2)} per byte, ` +
    `${(d.meanSeconds * 1e6).toFixed(3)} µs, ${d.megabytesPerSecond.toFixed(1)} MB/s, n = ${d.n}\n`
  );
}

/**
 * The human form of a {@link TimedOperation}, as `ngcc-perf time` prints it on stdout: the figures,
 * each warning, how the trials were planned and ran, the pinning, and the memory of one call.
 * @param fixedIterations - true when the calls per trial were fixed (`--iterations`): no target applies
 */
export function describeTimedOperation(
  timed: TimedOperation,
  messageBytes: number,
  pinning: TimePinning,
  fixedIterations: boolean,
): string {
  return (
    describeTimeFigures(timed.measured, messageBytes) +
    timed.warnings.map((warning) => `warning: ${warning}\n`).join('') +
    describeTimePlan(timed.measured, fixedIterations) +
    describeTimePinning(pinning) +
    describeCallMemory(timed.memory)
  );
}

/**
 * The `time --json` object: status and failure, the figures (null when not measured), the counter,
 * the warnings, the host problems this counter meets on this host (`detectHostProblems`), the
 * memory of one call, the plan and how it was made, and the trials.
 */
export function timedOperationJson(
  { measured, memory, warnings }: TimedOperation,
  messageBytes: number,
  pinning: TimePinning,
): Record<string, unknown> {
  const d = measured.derived;
  return {
    status: measured.status,
    ...(measured.status === 'failed' ? { failure: measured.failure } : {}),
    messageBytes,
    cpu: pinning.cpu,
    cpuSource: pinning.source,
    warnings,
    meanCycles: d?.meanCycles ?? null,
    meanSeconds: d?.meanSeconds ?? null,
    cyclesPerByte: d?.cyclesPerByte ?? null,
    megabytesPerSecond: d?.megabytesPerSecond ?? null,
    n: d?.n ?? 0,
    counter: measured.counter,
    counterKind: measured.counter?.kind ?? null,
    counterHz: measured.counter?.hz ?? null,
    counterOverheadTicks: measured.counter?.overheadTicks ?? null,
    cv: d?.cv ?? null,
    ciLowCycles: d?.ciLowCycles ?? null,
    ciHighCycles: d?.ciHighCycles ?? null,
    disturbedRetries: measured.disturbedRetries,
    hostProblems:
      measured.counter === null
        ? []
        : detectHostProblems(readHostEnvironment(), { ...measured.counter, hz: measured.counter.hz ?? undefined }),
    baselineRssBytes: d?.baselineRssBytes ?? null,
    peakRssBytes: d?.peakRssBytes ?? null,
    ...callMemoryFields(memory),
    calibrationBasis: measured.plan?.calibrationBasis ?? null,
    calibrationSeconds: measured.plan?.calibrationSeconds ?? null,
    warmCallSeconds: measured.plan?.warmCallSeconds ?? null,
    planCallSeconds: measured.plan?.planCallSeconds ?? null,
    plan: measured.plan,
    trials: measured.processes.map((p) => p.trial),
  };
}
