import { createHash } from 'node:crypto';
import { cp, lstat, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { copyFileAtomic } from '@ngcc-perf/atomic-file';
import { instanceCmakeProjectDirectory } from '@ngcc-perf/native';
import { execa } from 'execa';
import { SHARED_LIBRARY_FLAGS, profileFlags, type BuildFlagsKind, type BuildProfile } from './build-profiles.js';
import type { CandidateInstance } from './candidate.js';
import { CampaignError } from './campaign-error.js';
import { readBuildCommands } from './internal/build-commands.js';

/** Options of {@link buildInstance}. */
export interface BuildInstanceOptions {
  instance: CandidateInstance;
  profile: BuildProfile;
  /** `guide` (default): the guide's flags (SPEC §3); `harness-default`: the documented fallback. */
  flagsKind?: Exclude<BuildFlagsKind, 'prebuilt'>;
  /** Folder for CMake's build tree (created). */
  buildDirectory: string;
  /** Where the finished library is copied (created); the file is `lib<instance>.so`. */
  libraryDirectory: string;
  /** Candidate folder: paths under it are written relative to it in the recorded commands. */
  sourceRoot?: string;
  /** Flags appended to the profile's (the constant-time audit's debug build adds `-g`). */
  extraCFlags?: string;
}

/** What {@link buildInstance} produced. */
export interface BuildInstanceResult {
  /** Absolute path of the copied library. */
  libraryPath: string;
  /** SHA-256 of the library file, 64 lower-case hex. */
  librarySha256: string;
  /** What the report's "build flags" column says (SPEC §3). */
  flags: Exclude<BuildFlagsKind, 'prebuilt'>;
  /** The profile's gcc flags with `-fPIC -shared`. */
  buildFlags: string;
  /** The compile command of each source as CMake ran it, paths relative to `sourceRoot`. */
  compileCommands: string[];
  /** The link command as CMake ran it, or null when CMake did not leave it. */
  linkCommand: string | null;
}

/** Characters CMake's list syntax or its Makefile generator cannot carry in a path. */
const UNSAFE_FOR_CMAKE = /[;$"'\\`#]/;
/** What a copy for CMake takes of the candidate folder: sources and the files they may include. */
const COPIED = /\.(c|h|cc|cpp|cxx|hh|hpp|hxx|s|inc|inl|def|tbl|ipp|tcc)$/i;

/**
 * When a source or include path holds a character CMake cannot carry (`;`, `$`, a quote, a
 * backslash, a backtick, `#`), copies the candidate folder's code files to `copyRoot` (same
 * relative layout) and returns the paths there; else returns null.
 */
async function safeCopy(
  instance: CandidateInstance,
  sourceRoot: string,
  copyRoot: string,
): Promise<{ sources: string[]; includeDirs: string[] } | null> {
  const all = [...instance.sourcePaths, ...instance.includeDirPaths];
  if (!all.some((p) => UNSAFE_FOR_CMAKE.test(p))) return null;
  const inside = all.every((p) => p === sourceRoot || p.startsWith(sourceRoot + path.sep));
  if (!inside) return null;
  await rm(copyRoot, { recursive: true, force: true });
  await cp(sourceRoot, copyRoot, {
    recursive: true,
    filter: async (source) => COPIED.test(source) || (await lstat(source)).isDirectory(),
  });
  const moved = (p: string) => path.join(copyRoot, path.relative(sourceRoot, p));
  return { sources: instance.sourcePaths.map(moved), includeDirs: instance.includeDirPaths.map(moved) };
}

/**
 * Builds one instance from its C sources through CMake (`cmake/instance/CMakeLists.txt`) with a
 * guide profile (SPEC §3) or the harness default, into one shared library `lib<instance>.so`; the
 * submission's own build scripts are never run. The library is copied in atomically. A candidate
 * folder whose paths CMake cannot carry (`;`, `$`, quotes, backslash, backtick, `#`) is built from
 * a copy of its code files under the build directory; recorded commands name the candidate's
 * relative paths either way.
 * @throws {@link CampaignError} `BUILD_FAILED` with the tail of CMake's output when CMake or gcc fails.
 * @example
 * const built = await buildInstance({ instance, profile: 'reference', buildDirectory: '/tmp/b', libraryDirectory: 'runs/x/lib/example-sm3' });
 * built.flags; // 'guide'
 */
export async function buildInstance(options: BuildInstanceOptions): Promise<BuildInstanceResult> {
  const { instance, profile } = options;
  const flagsKind = options.flagsKind ?? 'guide';
  const cflags =
    options.extraCFlags === undefined
      ? profileFlags(profile, flagsKind)
      : `${profileFlags(profile, flagsKind)} ${options.extraCFlags}`;
  if (instance.sourcePaths.length === 0) {
    throw new CampaignError(
      'BUILD_FAILED',
      `instance "${instance.name}" has no sources to build (it names a prebuilt library). Use its library, or list "sources" in candidate.json.`,
    );
  }
  await mkdir(options.buildDirectory, { recursive: true });
  await mkdir(options.libraryDirectory, { recursive: true });
  const sourceRoot = options.sourceRoot ?? path.dirname(instance.sourcePaths[0]!);
  const copyRoot = path.join(options.buildDirectory, 'sources');
  const copied = await safeCopy(instance, sourceRoot, copyRoot);
  const sourcePaths = copied?.sources ?? instance.sourcePaths;
  const includeDirPaths = copied?.includeDirs ?? instance.includeDirPaths;
  const configure = [
    '-S',
    instanceCmakeProjectDirectory(),
    '-B',
    options.buildDirectory,
    `-DNGCC_INSTANCE=${instance.name}`,
    `-DNGCC_SOURCES=${sourcePaths.join(';')}`,
    `-DNGCC_INCLUDE_DIRS=${includeDirPaths.join(';')}`,
    `-DNGCC_C_FLAGS=${cflags}`,
    '-DCMAKE_C_COMPILER=gcc',
    '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON',
  ];
  for (const args of [configure, ['--build', options.buildDirectory]]) {
    const result = await execa('cmake', args, { reject: false, all: true });
    if (result.exitCode !== 0) {
      throw new CampaignError(
        'BUILD_FAILED',
        `building instance "${instance.name}" with the ${flagsKind === 'guide' ? `guide ${profile}` : `harness-default ${profile}`} profile failed (cmake ${args[0]} exited ${String(result.exitCode)}):\n${String(result.all).slice(-4000)}\nFix the sources or the candidate.json "sources" list.`,
      );
    }
  }
  const built = path.join(options.buildDirectory, 'out', `lib${instance.name}.so`);
  const libraryPath = path.join(options.libraryDirectory, `lib${instance.name}.so`);
  await copyFileAtomic(built, libraryPath);
  const librarySha256 = createHash('sha256')
    .update(await readFile(libraryPath))
    .digest('hex');
  const commands = await readBuildCommands(
    options.buildDirectory,
    instance.name,
    options.sourceRoot ?? null,
    copied === null ? null : copyRoot,
  );
  return {
    libraryPath,
    librarySha256,
    flags: flagsKind,
    buildFlags: `${cflags} ${SHARED_LIBRARY_FLAGS}`,
    compileCommands: commands.compileCommands,
    linkCommand: commands.linkCommand,
  };
}
