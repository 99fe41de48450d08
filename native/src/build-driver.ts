import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findBuildTools, missingToolsMessage } from './find-build-tools.js';
import { NativeError } from './native-error.js';
import { nativePackageRoot, nativePackageVersion } from './package-paths.js';

/** The driver's file name, in a checkout build and in the cache. */
export const DRIVER_FILE_NAME = 'ngcc-perf-driver';

/**
 * The ICCS support library `pk-kat` loads from beside the driver (`drng_algorithm`, the DRNG
 * functions, `sm3hash`, `pseudohash`, `pseudoXOF`; PROTOCOL.md, `pk-kat`).
 */
export const ICCS_LIBRARY_FILE_NAME = 'libngcc-perf-iccs.so';

/** Its profiling twin, which only `op-profile` loads (PROTOCOL.md, `op-profile`). */
export const ICCS_PROFILE_LIBRARY_FILE_NAME = 'libngcc-perf-iccs-profile.so';

/** Options of {@link buildDriver}. */
export interface BuildDriverOptions {
  /** Where the progress lines go (default: stderr). */
  log?: (line: string) => void;
  /** Environment of the build (PATH, CC, CMAKE_GENERATOR); default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Builds `ngcc-perf-driver` from the C sources this package ships (`driver/`, `CMakeLists.txt`)
 * with CMake (`-DCMAKE_BUILD_TYPE=Release -DNGCC_PERF_DRIVER_ONLY=ON`) and puts it at
 * `<directory>/ngcc-perf-driver`, with the ICCS support library it loads for public-key instances
 * beside it (`libngcc-perf-iccs.so`, and its profiling twin `libngcc-perf-iccs-profile.so`). The build runs in a fresh temporary folder inside `directory`
 * and the finished files are moved into place with one `rename` each, the driver last, so processes
 * that build at the same time never see a half-written driver (the last one to finish replaces
 * identical files).
 * Writes one line on stderr before (`building ...`) and one after (`built ... in N s`).
 *
 * @param directory - the folder to put the driver in (created).
 * @returns the driver's absolute path.
 * @throws {@link NativeError} `UNSUPPORTED_PLATFORM` off Linux; `MISSING_TOOLS` naming what is not
 *   installed (cmake, make, a C compiler) and how to install it; `BUILD_FAILED` naming the kept
 *   log `<directory>/build-failed.log` and its last line.
 * @example
 * const driver = await buildDriver('/tmp/ngcc-driver'); // '/tmp/ngcc-driver/ngcc-perf-driver'
 */
export async function buildDriver(directory: string, options: BuildDriverOptions = {}): Promise<string> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const env = options.env ?? process.env;
  if (process.platform !== 'linux') {
    throw new NativeError(
      'UNSUPPORTED_PLATFORM',
      `ngcc-perf-driver runs on Linux only (it needs /proc, namespaces and perf_event_open), not on ${process.platform}: run ngcc-perf on a Linux machine.`,
    );
  }
  const tools = findBuildTools(env);
  if ('missing' in tools) throw new NativeError('MISSING_TOOLS', missingToolsMessage(tools.missing));
  const target = path.resolve(directory, DRIVER_FILE_NAME);
  await mkdir(directory, { recursive: true });
  const work = await mkdtemp(path.join(directory, '.build-'));
  const started = performance.now();
  log(
    `ngcc-perf: building ${DRIVER_FILE_NAME} ${nativePackageVersion()} for this machine (first use, once per version: ` +
      `CMake compiles its C sources; the next line says how long it took) in ${directory}`,
  );
  try {
    const steps = [
      [
        '-S',
        nativePackageRoot(),
        '-B',
        work,
        '-DCMAKE_BUILD_TYPE=Release',
        '-DNGCC_PERF_DRIVER_ONLY=ON',
        `-DCMAKE_C_COMPILER=${tools.cCompiler}`,
      ],
      ['--build', work, '--target', DRIVER_FILE_NAME, '--parallel', String(os.availableParallelism())],
    ];
    // execa is loaded only when a driver is built (first use): every other command starts faster.
    const { execa } = await import('execa');
    for (const args of steps) {
      const result = await execa(tools.cmake, args, {
        reject: false,
        all: true,
        env,
        extendEnv: false,
        stdin: 'ignore',
      });
      if (result.exitCode !== 0) {
        const output = String(result.all ?? result.message);
        const logFile = path.join(directory, 'build-failed.log');
        await writeFile(logFile, `$ cmake ${args.join(' ')}\n${output}\n`);
        const lastLine: string =
          output
            .trim()
            .split('\n')
            .filter((line) => line.trim() !== '')
            .pop() ??
          result.message ??
          '';
        throw new NativeError(
          'BUILD_FAILED',
          `building ${DRIVER_FILE_NAME} failed (cmake ${args[0]} exited ${String(result.exitCode)}: ${lastLine.trim().slice(0, 300)}); ` +
            `the whole log is in ${logFile}. Fix the compiler or CMake installation and run again, or set NGCC_PERF_DRIVER to a built driver.`,
        );
      }
    }
    for (const library of [ICCS_LIBRARY_FILE_NAME, ICCS_PROFILE_LIBRARY_FILE_NAME])
      await rename(path.join(work, library), path.join(path.dirname(target), library));
    await rename(path.join(work, DRIVER_FILE_NAME), target);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  log(`ngcc-perf: built ${target} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return target;
}
