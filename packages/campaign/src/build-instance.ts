import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
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

/** A copy of the candidate's code files under names CMake can carry, and the way back to the real names. */
interface SafeCopy {
  sources: string[];
  includeDirs: string[];
  /** The copy's folder. */
  root: string;
  /** The candidate-relative path a copy-relative path stands for. */
  original: (relative: string) => string;
}

/** A path segment CMake can carry: the unsafe characters replaced, a digest of the original appended to keep names apart. */
function safeSegment(segment: string): string {
  if (!UNSAFE_FOR_CMAKE.test(segment)) return segment;
  const digest = createHash('sha256').update(segment).digest('hex').slice(0, 8);
  return `${segment.replace(/[;$"'\\`#]/g, '_')}-${digest}`;
}

/**
 * When a source or include path holds a character CMake cannot carry (`;`, `$`, a quote, a
 * backslash, a backtick, `#`), copies the candidate folder's code files to `copyRoot` under
 * folder and file names with those characters replaced, and returns the paths there; else null.
 */
async function safeCopy(instance: CandidateInstance, sourceRoot: string, copyRoot: string): Promise<SafeCopy | null> {
  const all = [...instance.sourcePaths, ...instance.includeDirPaths];
  if (!all.some((p) => UNSAFE_FOR_CMAKE.test(path.relative(sourceRoot, p)))) return null;
  if (!all.every((p) => p === sourceRoot || p.startsWith(sourceRoot + path.sep))) return null;
  const back = new Map<string, string>();
  const safe = (relative: string) => {
    const mapped = relative.split(path.sep).map(safeSegment).join(path.sep);
    back.set(mapped, relative);
    return mapped;
  };
  await rm(copyRoot, { recursive: true, force: true });
  for (const entry of await readdir(sourceRoot, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COPIED.test(entry.name)) continue;
    const target = path.join(copyRoot, safe(path.relative(sourceRoot, full)));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(full, target);
  }
  const moved = (p: string) => path.join(copyRoot, safe(path.relative(sourceRoot, p)));
  const sources = instance.sourcePaths.map(moved);
  const includeDirs = instance.includeDirPaths.map(moved);
  const original = (relative: string) => {
    for (const [mapped, real] of back) {
      if (relative === mapped || relative.startsWith(mapped + path.sep)) return real + relative.slice(mapped.length);
    }
    return relative;
  };
  return { sources, includeDirs, root: copyRoot, original };
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
  const commands = await readBuildCommands(options.buildDirectory, instance.name, options.sourceRoot ?? null, copied);
  return {
    libraryPath,
    librarySha256,
    flags: flagsKind,
    buildFlags: `${cflags} ${SHARED_LIBRARY_FLAGS}`,
    compileCommands: commands.compileCommands,
    linkCommand: commands.linkCommand,
  };
}
