// The only module of @ngcc-perf/kat that starts a process: `ngcc-perf-driver kat LIB DIGEST_BITS FILE`
// (@ngcc-perf/native/PROTOCOL.md). The driver generates the messages; its stdout lines are validated in
// driver-lines.ts and mapped to an outcome in interpret-kat-run.ts.
import { DRIVER_STDERR_KEPT_BYTES, resolveGivenDriver, spawnDriverProcess } from '@ngcc-perf/native';
import type { DriverKatOptions, DriverRunner } from '../driver-runner.js';
import { KatError } from '../kat-error.js';
import type { KatFileKind } from '../kat-messages.js';
import { interpretKatRun } from './interpret-kat-run.js';

const LIMIT_BYTES = { stdout: 1 << 28, stderr: DRIVER_STDERR_KEPT_BYTES };
const FIX =
  'Pass the path of a built ngcc-perf-driver as driverPath, or leave it out to use the one @ngcc-perf/native finds or builds.';

/**
 * The driver path: the option (it must be an executable file), else `@ngcc-perf/native`'s
 * `driverPath()` (`NGCC_PERF_DRIVER`, the checkout build, or the per-version cache, built there on first use).
 * @throws {KatError} `DRIVER_NOT_FOUND` for a given path that is not executable; `NativeError` from `driverPath()`.
 */
export function resolveDriverPath(driverPath: string | undefined): Promise<string> {
  return resolveGivenDriver(
    driverPath === '' ? undefined : driverPath,
    (cause) =>
      new KatError('DRIVER_NOT_FOUND', `ngcc-perf-driver ${driverPath} is missing or not executable. ${FIX}`, {
        cause,
      }),
  );
}

function driverArguments(library: string, digestBits: number, file: KatFileKind, options: DriverKatOptions): string[] {
  const args = ['kat', library, String(digestBits), file];
  if (options.maxMemoryBytes !== undefined) args.push('--max-memory-bytes', String(options.maxMemoryBytes));
  const sizes = options.testSizes;
  if (sizes?.largeMessageBits !== undefined && (file === 'KAT_2_23' || file === 'KAT_2_33')) {
    args.push('--test-message-bits', String(sizes.largeMessageBits));
  }
  if (sizes?.loopIterations !== undefined && file === 'KAT_Loop')
    args.push('--test-iterations', String(sizes.loopIterations));
  return args;
}

/**
 * A {@link DriverRunner} that spawns `ngcc-perf-driver kat` at `driverPath` (already resolved)
 * through `spawnDriverProcess` of @ngcc-perf/native (no stdin: the driver generates the messages;
 * after `timeoutSeconds` SIGTERM, SIGKILL 2 s later; pipes a leftover grandchild holds are
 * abandoned 5 s after the driver ended).
 * @throws {KatError} `DRIVER_NOT_FOUND` when the driver cannot be started
 */
export function createSpawnDriverRunner(driverPath: string): DriverRunner {
  return {
    async kat(library: string, digestBits: number, file: KatFileKind, options: DriverKatOptions) {
      const { startError, startCause, ...result } = await spawnDriverProcess(
        driverPath,
        driverArguments(library, digestBits, file, options),
        { timeoutSeconds: options.timeoutSeconds, limitBytes: LIMIT_BYTES },
      );
      if (startError !== null) {
        throw new KatError('DRIVER_NOT_FOUND', `Could not start ${driverPath}: ${startError}. ${FIX}`, {
          cause: startCause,
        });
      }
      return interpretKatRun({
        driverPath,
        library,
        digestBits,
        file,
        timeoutSeconds: options.timeoutSeconds,
        ...result,
      });
    },
  };
}
