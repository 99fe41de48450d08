import { resolveGivenDriver } from '@ngcc-perf/native';
import { CtError } from '../ct-error.js';

const FIX =
  'Pass the path of a built ngcc-perf-driver, or leave driverPath out to use the one @ngcc-perf/native finds or builds.';

/**
 * The driver path: the option when given (it must be an executable file), else `driverPath()` of
 * `@ngcc-perf/native` (`NGCC_PERF_DRIVER`, a checkout's build, or the driver built on first use).
 * @throws {CtError} `DRIVER_NOT_FOUND` for a given path that is missing or not executable;
 *   `NativeError` when no driver can be found or built.
 */
export function resolveDriverPath(driverPath: string | undefined): Promise<string> {
  return resolveGivenDriver(
    driverPath,
    (cause) =>
      new CtError('DRIVER_NOT_FOUND', `ngcc-perf-driver ${driverPath} is missing or not executable. ${FIX}`, { cause }),
  );
}
