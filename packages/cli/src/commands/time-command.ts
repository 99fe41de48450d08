import type { Command } from 'commander';
import { measureCallMemory, RssError } from '@ngcc-perf/rss';
import type { CallMemory } from '@ngcc-perf/rss';
import { DEFAULT_TIMING_OPTIONS, detectHostProblems, measureOperation, readHostEnvironment } from '@ngcc-perf/timing';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';
import { locateNative } from '../locate-native.js';
import { parseInteger, parsePositiveNumber } from '../parse-options.js';

interface TimeFlags {
  digestBits: string;
  bytes: string;
  trials?: string;
  iterations?: string;
  trialTarget?: string;
  cpu?: string;
  json?: boolean;
}

/** The per-call memory of `time`: the figures, or null and why. */
interface TimeMemory {
  memory: CallMemory | null;
  memoryFailure: string | null;
}

/**
 * One `ngcc-perf-driver memory` process after the trials. A misbehaving library and a driver
 * that cannot measure memory (an old build) both become `memoryFailure`, so the timing result
 * is never lost to the memory figures.
 */
async function measureMemoryOnce(library: string, digestBits: number, messageBytes: number, cpu: number | undefined, driverPath: string): Promise<TimeMemory> {
  try {
    const result = await measureCallMemory({ library, digestBits, messageBytes, driverPath, ...(cpu === undefined ? {} : { cpu }) });
    return result.status === 'complete' ? { memory: result.memory, memoryFailure: null } : { memory: null, memoryFailure: result.failure };
  } catch (error) {
    if (error instanceof RssError && error.code !== 'INVALID_ARGUMENT') return { memory: null, memoryFailure: `${error.code} — ${error.message}` };
    throw error;
  }
}

/** The four per-call memory fields of `time --json` (bytes; null when not measured). */
function memoryFields({ memory, memoryFailure }: TimeMemory): Record<string, unknown> {
  return {
    operationPeakBytes: memory?.operationPeakBytes ?? null,
    stackHighWaterBytes: memory?.stackHighWaterBytes ?? null,
    heapPeakBytes: memory?.heapPeakBytes ?? null,
    heapAllocations: memory?.heapAllocations ?? null,
    ...(memoryFailure === null ? {} : { memoryFailure }),
  };
}

/** The human-readable memory line of `time`. */
function renderMemory({ memory, memoryFailure }: TimeMemory): string {
  if (memory === null) return `memory: not measured (${memoryFailure ?? 'unknown reason'})\n`;
  const orNa = (value: number | null, unit: string): string => (value === null ? 'n/a' : `${value} ${unit}`);
  const operationPeak = memory.operationPeakBytes === null ? `n/a (clear_refs ${memory.clearRefs})` : `${memory.operationPeakBytes} B`;
  return (
    `memory of one call: stack high-water ${memory.stackHighWaterBytes} B, heap peak ${orNa(memory.heapPeakBytes, 'B')} ` +
    `in ${orNa(memory.heapAllocations, 'allocations')}, operation peak ${operationPeak}\n`
  );
}

/**
 * `ngcc-perf time LIB --digest-bits N --bytes L …`: one operation's trials (SPEC §5), then one
 * memory process for the per-call figures (stack high-water, heap peak, operation peak).
 */
export function registerTimeCommand(program: Command, context: CommandContext): void {
  program
    .command('time')
    .description('time CryptHash on one message size: calibrated trials, each in its own process (SPEC §5), then the memory of one call')
    .argument('<lib>', 'shared library exporting CryptHash')
    .requiredOption('--digest-bits <n>', 'digest length in bits')
    .requiredOption('--bytes <n>', 'message length in bytes (0 to 16 MiB)')
    .option('--trials <n>', `trials, each in its own process (default ${DEFAULT_TIMING_OPTIONS.trials})`)
    .option('--iterations <n>', 'iterations per trial (skips calibration)')
    .option('--trial-target <seconds>', `target seconds per trial (default ${DEFAULT_TIMING_OPTIONS.trialTargetSeconds})`)
    .option('--cpu <n>', 'pin every trial to this CPU')
    .option('--json', 'print the measurement as JSON')
    .action(async (library: string, flags: TimeFlags) => {
      const messageBytes = parseInteger('--bytes', flags.bytes, 0, 16 * 1024 * 1024);
      const digestBits = parseInteger('--digest-bits', flags.digestBits, 8, 1 << 20);
      if (digestBits % 8 !== 0) throw new CliError('USAGE', `--digest-bits must be a multiple of 8 (whole bytes), got ${digestBits}.`);
      const cpu = flags.cpu === undefined ? undefined : parseInteger('--cpu', flags.cpu, 0, 4095);
      const driverPath = locateNative().driverPath;
      const measured = await measureOperation({
        library,
        digestBits,
        messageBytes,
        options: {
          ...(flags.trials === undefined ? {} : { trials: parseInteger('--trials', flags.trials, 1, 1000) }),
          ...(flags.trialTarget === undefined
            ? {}
            : { trialTargetSeconds: parsePositiveNumber('--trial-target', flags.trialTarget) }),
          ...(flags.iterations === undefined
            ? {}
            : { iterationsPerTrial: parseInteger('--iterations', flags.iterations, 1, 1e9) }),
        },
        ...(cpu === undefined ? {} : { cpu }),
        driverPath,
      });
      const memory = await measureMemoryOnce(library, digestBits, messageBytes, cpu, driverPath);
      const d = measured.derived;
      if (flags.json) {
        context.io.stdout(
          `${JSON.stringify(
            {
              status: measured.status,
              ...(measured.status === 'failed' ? { failure: measured.failure } : {}),
              messageBytes,
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
              hostProblems: measured.counter === null ? [] : detectHostProblems(readHostEnvironment(), { ...measured.counter, hz: measured.counter.hz ?? undefined }),
              baselineRssBytes: d?.baselineRssBytes ?? null,
              peakRssBytes: d?.peakRssBytes ?? null,
              ...memoryFields(memory),
              plan: measured.plan,
              trials: measured.processes.map((p) => p.trial),
            },
            null,
            2,
          )}\n`,
        );
      } else if (measured.status === 'failed' || d === null || d === undefined) {
        context.io.stdout(`failed: ${measured.failure ?? 'no trial completed'}\n`);
      } else {
        const unit = measured.counter.kind === 'core-cycles' ? 'cycles' : `${measured.counter.name} ticks (not core cycles)`;
        context.io.stdout(
          `${messageBytes} B: ${d.meanCycles.toFixed(1)} ${unit}/call, ${d.cyclesPerByte.toFixed(2)} per byte, ` +
            `${(d.meanSeconds * 1e6).toFixed(3)} µs, ${d.megabytesPerSecond.toFixed(1)} MB/s, n = ${d.n}\n`,
        );
      }
      if (!flags.json) context.io.stdout(renderMemory(memory));
      if (measured.status === 'failed' || memory.memory === null) context.setExitCode(1);
    });
}
