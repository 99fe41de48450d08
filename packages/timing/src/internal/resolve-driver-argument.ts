import { resolveGivenDriver } from '@ngcc-perf/native';
import { TimingError } from '../timing-error.js';

/**
 * The driver path: the option when given (an executable file), else `driverPath()` of
 * `@ngcc-perf/native`.
 * @throws {TimingError} `DRIVER_NOT_FOUND` for a given path that is missing or not executable.
 */
export function resolveDriverArgument(driverPath: string | undefined): Promise<string> {
  return resolveGivenDriver(
    driverPath,
    (cause) =>
      new TimingError(
        'DRIVER_NOT_FOUND',
        `No executable driver at ${driverPath}: point driverPath at ngcc-perf-driver, or leave it out to use the one ` +
          '@ngcc-perf/native finds or builds.',
        { cause },
      ),
  );
}
