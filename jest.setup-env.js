// Points every package's tests at the driver built by native/ (npm run build).
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));
process.env.NGCC_PERF_DRIVER ??= path.join(root, 'native', 'build', 'ngcc-perf-driver');
process.env.NGCC_PERF_NATIVE_BUILD ??= path.join(root, 'native', 'build');
