import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { DRIVER_FILE_NAME, buildDriver } from './build-driver.js';
import { driverCacheDirectory } from './driver-cache.js';
import { NativeError } from './native-error.js';
import { nativePackageRoot, nativePackageVersion } from './package-paths.js';

/** Options of {@link driverPath}. */
export interface DriverPathOptions {
  /** Where the first-use build's progress lines go (default: stderr). */
  log?: (line: string) => void;
  /** Environment to read (`NGCC_PERF_DRIVER`, `NGCC_PERF_CACHE_DIR`, `XDG_CACHE_HOME`, PATH, CC); default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

const builds = new Map<string, Promise<string>>();

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The absolute path of `ngcc-perf-driver`, built on first use. In order:
 * 1. `$NGCC_PERF_DRIVER`, when set (it must be an executable file);
 * 2. `build/ngcc-perf-driver` inside this package, which exists in a source checkout after
 *    `npm run build` (an installed package has no `build/`);
 * 3. the per-version cache folder ({@link driverCacheDirectory}); when the driver is not there
 *    yet it is built there from the shipped C sources ({@link buildDriver}: one progress line on
 *    stderr, safe when several processes do it at once). Calls in one process share one build.
 *
 * @throws {@link NativeError} `DRIVER_NOT_FOUND` when `NGCC_PERF_DRIVER` names no executable file;
 *   from the build: `MISSING_TOOLS` (cmake, make or a C compiler not installed, with the install
 *   command), `UNSUPPORTED_PLATFORM`, `BUILD_FAILED`.
 * @example
 * ```ts
 * import { driverPath } from '@ngcc-perf/native';
 * const driver = await driverPath(); // e.g. '/home/ada/.cache/ngcc-perf/0.1.0/linux-x64/ngcc-perf-driver'
 * ```
 */
export async function driverPath(options: DriverPathOptions = {}): Promise<string> {
  const env = options.env ?? process.env;
  const fromEnv = env.NGCC_PERF_DRIVER;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!isExecutable(fromEnv)) {
      throw new NativeError(
        'DRIVER_NOT_FOUND',
        `NGCC_PERF_DRIVER=${fromEnv} is not an executable file: point it at a built ngcc-perf-driver, or unset it to have ngcc-perf build its own.`,
      );
    }
    return path.resolve(fromEnv);
  }
  const checkoutBuild = path.join(nativePackageRoot(), 'build', DRIVER_FILE_NAME);
  if (isExecutable(checkoutBuild)) return checkoutBuild;
  const directory = driverCacheDirectory(nativePackageVersion(), env);
  const cached = path.join(directory, DRIVER_FILE_NAME);
  if (isExecutable(cached)) return cached;
  let build = builds.get(directory);
  if (build === undefined) {
    build = buildDriver(directory, { ...(options.log === undefined ? {} : { log: options.log }), env });
    builds.set(directory, build);
    build.catch(() => builds.delete(directory));
  }
  return build;
}
