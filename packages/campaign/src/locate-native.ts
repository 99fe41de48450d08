import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CampaignError } from './campaign-error.js';

/** Where the native pieces of a source checkout are: the driver and the bundled examples. */
export interface NativeLocations {
  /** Absolute path of `ngcc-perf-driver`. */
  driverPath: string;
  /** Absolute path of `native/examples` (the bundled candidates), or null outside a checkout. */
  examplesDirectory: string | null;
}

function findUpwards(start: string, relative: string): string | null {
  let directory = start;
  for (;;) {
    const candidate = path.join(directory, relative);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
}

function moduleDirectory(): string {
  // Works for both the ESM and the CJS build (tsup sets import.meta.url in CJS shims).
  return path.dirname(fileURLToPath(import.meta.url));
}

/**
 * Finds the driver (`$NGCC_PERF_DRIVER`, else `native/build/ngcc-perf-driver` above this module)
 * and the bundled examples (`native/examples` above this module or the working directory).
 * @throws {@link CampaignError} `NATIVE_NOT_BUILT` when no driver binary exists.
 * @example
 * const { driverPath } = locateNative();
 */
export function locateNative(): NativeLocations {
  const starts = [moduleDirectory(), process.cwd()];
  const fromEnv = process.env.NGCC_PERF_DRIVER;
  let driverPath: string | null = null;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!existsSync(fromEnv)) {
      throw new CampaignError('NATIVE_NOT_BUILT', `NGCC_PERF_DRIVER=${fromEnv} does not exist. Build native/ with "npm run build" or unset the variable.`);
    }
    driverPath = path.resolve(fromEnv);
  }
  for (const start of starts) {
    driverPath ??= findUpwards(start, path.join('native', 'build', 'ngcc-perf-driver'));
  }
  if (driverPath === null) {
    throw new CampaignError(
      'NATIVE_NOT_BUILT',
      'ngcc-perf-driver was not found (native/build/ngcc-perf-driver). Run "npm run build" at the repository root, or set NGCC_PERF_DRIVER to the driver binary.',
    );
  }
  let examplesDirectory: string | null = null;
  for (const start of starts) {
    examplesDirectory ??= findUpwards(start, path.join('native', 'examples'));
  }
  return { driverPath, examplesDirectory };
}

/** Absolute path of the CMake project that builds one candidate instance (shipped in `cmake/`). */
export function locateInstanceCmakeProject(): string {
  const found = findUpwards(moduleDirectory(), path.join('cmake', 'instance', 'CMakeLists.txt'));
  if (found === null) {
    throw new CampaignError('NATIVE_NOT_BUILT', 'cmake/instance/CMakeLists.txt is missing from @ngcc-perf/campaign. Reinstall the package.');
  }
  return path.dirname(found);
}
