import { createDriverRunner, type TimingRunner } from '../driver-runner.js';

/** The injected runner, else the real driver at `driverPath` (default `NGCC_PERF_DRIVER`). */
export function resolveRunner(runner: TimingRunner | undefined, driverPath: string | undefined): TimingRunner {
  return runner ?? createDriverRunner(driverPath ?? process.env.NGCC_PERF_DRIVER);
}
