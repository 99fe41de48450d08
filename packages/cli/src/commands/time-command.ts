import type { Command } from 'commander';
import { DEFAULT_TIMING_OPTIONS, measureOperation } from '@ngcc-perf/timing';
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

/** `ngcc-perf time LIB --digest-bits N --bytes L …`: one operation's trials (SPEC §5). */
export function registerTimeCommand(program: Command, context: CommandContext): void {
  program
    .command('time')
    .description('time CryptHash on one message size: calibrated trials, each in its own process (SPEC §5)')
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
      const measured = await measureOperation({
        library,
        digestBits: parseInteger('--digest-bits', flags.digestBits, 8, 1 << 20),
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
        ...(flags.cpu === undefined ? {} : { cpu: parseInteger('--cpu', flags.cpu, 0, 4095) }),
        driverPath: locateNative().driverPath,
      });
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
              baselineRssBytes: d?.baselineRssBytes ?? null,
              peakRssBytes: d?.peakRssBytes ?? null,
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
      if (measured.status === 'failed') context.setExitCode(1);
    });
}
