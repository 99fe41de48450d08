import { createDriverRunner, type TimingRunner } from '../driver-runner.js';

/** The injected runner, else the real driver at `driverPath` (default: `@ngcc-perf/native`'s `driverPath()`). */
export function resolveRunner(runner: TimingRunner | undefined, driverPath: string | undefined): TimingRunner {
  return runner ?? createDriverRunner(driverPath);
}
