import { RssError, type CallMemory, type CallMemoryResult, type MeasureCallMemoryOptions } from '@ngcc-perf/rss';

/** The per-call memory of `time`: the figures, or null and why. */
export interface TimeMemory {
  memory: CallMemory | null;
  memoryFailure: string | null;
}

/**
 * One `ngcc-perf-driver memory` process after the trials. A misbehaving library and a driver
 * that cannot measure memory (an old build) both become `memoryFailure`, so the timing result
 * is never lost to the memory figures.
 * @param measure - `measureCallMemory` (tests pass a fake)
 * @param options - its options (library, digest bits, message bytes, CPU, driver, timeout)
 * @throws {@link RssError} `INVALID_ARGUMENT` for an impossible option (bad input)
 * @example
 * const memory = await measureMemoryOnce(measureCallMemory, { library, digestBits: 256, messageBytes: 64, driverPath });
 */
export async function measureMemoryOnce(
  measure: (options: MeasureCallMemoryOptions) => Promise<CallMemoryResult>,
  options: MeasureCallMemoryOptions,
): Promise<TimeMemory> {
  try {
    const result = await measure(options);
    return result.status === 'complete'
      ? { memory: result.memory, memoryFailure: null }
      : { memory: null, memoryFailure: result.failure };
  } catch (error) {
    if (error instanceof RssError && error.code !== 'INVALID_ARGUMENT')
      return { memory: null, memoryFailure: `${error.code} — ${error.message}` };
    throw error;
  }
}

/**
 * The four per-call memory fields of `time --json` (bytes; null when not measured), and
 * `memoryFailure` when the process failed.
 * @example
 * memoryFields({ memory: null, memoryFailure: 'CRASH — …' }).heapPeakBytes; // null
 */
export function memoryFields({ memory, memoryFailure }: TimeMemory): Record<string, unknown> {
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
 * renderMemory({ memory: null, memoryFailure: 'TIMEOUT — …' }); // 'memory: not measured (TIMEOUT — …)\n'
 */
export function renderMemory({ memory, memoryFailure }: TimeMemory): string {
  if (memory === null) return `memory: not measured (${memoryFailure ?? 'unknown reason'})\n`;
  const orNa = (value: number | null, unit: string): string => (value === null ? 'n/a' : `${value} ${unit}`);
  const operationPeak =
    memory.operationPeakBytes === null ? `n/a (clear_refs ${memory.clearRefs})` : `${memory.operationPeakBytes} B`;
  return (
    `memory of one call: stack high-water ${memory.stackHighWaterBytes} B, heap peak ${orNa(memory.heapPeakBytes, 'B')} ` +
    `in ${orNa(memory.heapAllocations, 'allocations')}, operation peak ${operationPeak}\n`
  );
}
