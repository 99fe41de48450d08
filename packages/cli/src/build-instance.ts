import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { GUIDE_PROFILES, SHARED_LIBRARY_FLAGS, type BuildProfile } from './build-profiles.js';
import type { CandidateInstance } from './candidate.js';
import { CliError } from './cli-error.js';
import { locateInstanceCmakeProject } from './locate-native.js';

/** Options of {@link buildInstance}. */
export interface BuildInstanceOptions {
  instance: CandidateInstance;
  profile: BuildProfile;
  /** Folder for CMake's build tree (created). */
  buildDirectory: string;
  /** Where the finished library is copied (created); the file is `lib<instance>.so`. */
  libraryDirectory: string;
}

/** What {@link buildInstance} produced. */
export interface BuildInstanceResult {
  /** Absolute path of the copied library. */
  libraryPath: string;
  librarySha256: string;
  /** `guide` when the guide's profile built (SPEC §3 "build flags" column). */
  flags: 'guide';
  /** The full gcc flags, including `-fPIC -shared`. */
  buildFlags: string;
}

/**
 * Builds one instance from its C sources with the guide's profile through CMake
 * (`cmake/instance/CMakeLists.txt`); the submission's own build scripts are never run.
 * @throws {@link CliError} `BUILD_FAILED` with the compiler's output when CMake fails.
 * @example
 * const built = await buildInstance({ instance, profile: 'reference', buildDirectory: 'b', libraryDirectory: 'lib' });
 */
export async function buildInstance(options: BuildInstanceOptions): Promise<BuildInstanceResult> {
  const { instance, profile } = options;
  const cflags = GUIDE_PROFILES[profile];
  await mkdir(options.buildDirectory, { recursive: true });
  await mkdir(options.libraryDirectory, { recursive: true });
  const configure = [
    '-S', locateInstanceCmakeProject(),
    '-B', options.buildDirectory,
    `-DNGCC_INSTANCE=${instance.name}`,
    `-DNGCC_SOURCES=${instance.sourcePaths.join(';')}`,
    `-DNGCC_INCLUDE_DIRS=${instance.includeDirPaths.join(';')}`,
    `-DNGCC_C_FLAGS=${cflags}`,
    '-DCMAKE_C_COMPILER=gcc',
  ];
  for (const args of [configure, ['--build', options.buildDirectory]]) {
    const result = await execa('cmake', args, { reject: false, all: true });
    if (result.exitCode !== 0) {
      throw new CliError(
        'BUILD_FAILED',
        `building instance "${instance.name}" with the ${profile} profile failed (cmake ${args[0]} exited ${String(result.exitCode)}):\n${String(result.all).slice(-4000)}\nFix the sources or the candidate.json "sources" list.`,
      );
    }
  }
  const built = path.join(options.buildDirectory, 'out', `lib${instance.name}.so`);
  const libraryPath = path.join(options.libraryDirectory, `lib${instance.name}.so`);
  await copyFile(built, libraryPath);
  const librarySha256 = createHash('sha256').update(await readFile(libraryPath)).digest('hex');
  return { libraryPath, librarySha256, flags: 'guide', buildFlags: `${cflags} ${SHARED_LIBRARY_FLAGS}` };
}
