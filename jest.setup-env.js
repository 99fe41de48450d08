// Points every package's tests at the driver built by native/ (npm run build).
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));
process.env.NGCC_PERF_DRIVER ??= path.join(root, 'native', 'build', 'ngcc-perf-driver');
process.env.NGCC_PERF_NATIVE_BUILD ??= path.join(root, 'native', 'build');
// Tests run on development VMs and CI, whose host check always finds problems (no PMU, a
// hypervisor); the campaign refuses such hosts unless told. test/host-gate.test.ts unsets it.
process.env.NGCC_PERF_ALLOW_UNFIXED_HOST ??= '1';
// The per-CPU lock files of runs that choose their own CPU (claimMeasuringCpu of @ngcc-perf/timing):
// one folder per jest worker, so that a test's choice does not depend on other runs on the host.
process.env.NGCC_PERF_RUNTIME_DIR ??= path.join(
  root,
  'node_modules',
  '.cache',
  'ngcc-perf-cpus',
  `jest-${process.env.JEST_WORKER_ID ?? '0'}`,
);
