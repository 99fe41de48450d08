import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyFileAtomic } from '@ngcc-perf/atomic-file';
import { z } from 'zod';
import {
  BUILD_PROFILES,
  SHARED_LIBRARY_FLAGS,
  profileFlags,
  type BuildFlagsKind,
  type BuildProfile,
} from './build-profiles.js';
import { describeOptionsProblem } from './describe-input-issue.js';
import { readBuildCommands } from './internal/build-commands.js';
import { safeCopy } from './internal/safe-copy.js';
import { NativeError } from './native-error.js';
import { missingSystemLibrary, systemLibrariesOf, tentativeDefinitionClash } from './build-failure-evidence.js';
import { instanceCmakeProjectDirectory } from './package-paths.js';

/** The C sources of one instance: what {@link buildInstance} compiles into `lib<name>.so`. */
export interface InstanceSources {
  /** Instance name: the library is `lib<name>.so`. */
  name: string;
  /** C (or assembly, C++) source files; relative paths are taken from `sourceRoot`, else the working folder. */
  sourcePaths: readonly string[];
  /** Include folders (`-I`), resolved like `sourcePaths`; default none. */
  includeDirPaths?: readonly string[];
  /** Macros to define (`-DNAME=VALUE`: a parameter set the package's build script selects); default none. */
  defines?: Readonly<Record<string, string>>;
  /** Flags for some sources only (`-fgnu89-inline` for the file whose C99 inline functions must be emitted); each `path` is one of `sourcePaths`. */
  sourceFlags?: readonly { path: string; flag: string }[];
}

/** Options of {@link buildInstance}. `instance`, `profile` and `libraryDirectory` are required. */
export interface BuildInstanceOptions {
  instance: InstanceSources;
  /** The guide profile (guide §3.2): `reference`, `performance` or `resource`. */
  profile: BuildProfile;
  /** `guide` (default): the guide's flags; `harness-default`: the documented fallback flags. */
  flagsKind?: Exclude<BuildFlagsKind, 'prebuilt'>;
  /** Where the finished library is copied (created); the file is `lib<instance>.so`. */
  libraryDirectory: string;
  /** Folder for CMake's build tree (created, kept); default a temporary folder, removed afterwards. */
  buildDirectory?: string;
  /** Candidate folder: relative source paths start here, and the recorded commands are relative to it. */
  sourceRoot?: string;
  /** Flags appended to the profile's (the constant-time audit's debug build adds `-g`). */
  extraCFlags?: string;
}

/** What {@link buildInstance} produced: the library and the flags and commands to record with it. */
export interface BuildInstanceResult {
  /** Absolute path of the copied library. */
  libraryPath: string;
  /** SHA-256 of the library file, 64 lower-case hex. */
  librarySha256: string;
  /** What a report's "build flags" column says (guide §3.2): `guide` or `harness-default`. */
  flags: Exclude<BuildFlagsKind, 'prebuilt'>;
  /** The profile's gcc flags with `-fPIC -shared`. */
  buildFlags: string;
  /** The compile command of each source as CMake ran it, paths relative to `sourceRoot`. */
  compileCommands: string[];
  /** The link command as CMake ran it, or null when CMake did not leave it. */
  linkCommand: string | null;
  /** Flags the build added to the profile's because the compiler or linker asked for them (`-fcommon`), each with why; [] when none. */
  addedFlags: AddedBuildFlag[];
}

/** A flag {@link buildInstance} added to the profile's, and the evidence. */
export interface AddedBuildFlag {
  flag: string;
  reason: string;
}

const pathList = z.array(z.string().min(1));
const optionsSchema = z.strictObject({
  instance: z.strictObject({
    name: z.string().min(1),
    sourcePaths: pathList,
    includeDirPaths: pathList.optional(),
    defines: z.record(z.string().regex(/^[A-Za-z_]\w*$/), z.string().regex(/^[\w.+-]*$/)).optional(),
    sourceFlags: z
      .array(z.strictObject({ path: z.string().min(1), flag: z.enum(['-fgnu89-inline', '-fcommon']) }))
      .optional(),
  }),
  profile: z.enum(BUILD_PROFILES as [BuildProfile, ...BuildProfile[]]),
  flagsKind: z.enum(['guide', 'harness-default']).optional(),
  libraryDirectory: z.string().min(1),
  buildDirectory: z.string().min(1).optional(),
  sourceRoot: z.string().min(1).optional(),
  extraCFlags: z.string().optional(),
});

/**
 * Builds one instance from its C sources with a guide profile (guide §3.2: `reference` is
 * `-std=c99 -Wpedantic -Wall -Wextra -O2`) or the harness default, through the CMake project this
 * package ships (`cmake/instance/`), into one shared library `lib<name>.so` exporting `CryptHash`;
 * a submission's own build scripts are never run. gcc compiles, CMake adds `-fPIC -shared`, and
 * the library is copied in atomically. This is the build a campaign runs and records in build.json.
 *
 * @returns the library path, its SHA-256, the flags and the commands CMake ran.
 * @throws {@link NativeError} `INVALID_OPTIONS` (unknown or mistyped option, a missing field);
 *   `MISSING_TOOLS` when cmake cannot start; `BUILD_FAILED` with the tail of CMake's output when
 *   CMake or gcc fails, or when the instance has no sources.
 * @example
 * const built = await buildInstance({ instance: { name: 'sm3', sourcePaths: ['sm3.c'] }, profile: 'reference', libraryDirectory: 'lib' });
 * built.buildFlags; // '-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -shared'
 */
export async function buildInstance(options: BuildInstanceOptions): Promise<BuildInstanceResult> {
  const problem = describeOptionsProblem(optionsSchema, options);
  if (problem !== null) throw new NativeError('INVALID_OPTIONS', `buildInstance: ${problem}.`);
  const { instance, profile } = options;
  if (instance.sourcePaths.length === 0) {
    throw new NativeError(
      'BUILD_FAILED',
      `buildInstance: instance "${instance.name}" has no sources to build (it names a prebuilt library). Use its library, or list its C sources in sourcePaths.`,
    );
  }
  const flagsKind = options.flagsKind ?? 'guide';
  const cflags = [profileFlags(profile, flagsKind), options.extraCFlags].filter((flags) => flags).join(' ');
  const base = path.resolve(options.sourceRoot ?? '.');
  const absolute = (paths: readonly string[]): string[] => paths.map((file) => path.resolve(base, file));
  const buildDirectory = options.buildDirectory ?? (await mkdtemp(path.join(os.tmpdir(), 'ngcc-perf-build-')));
  try {
    await mkdir(buildDirectory, { recursive: true });
    await mkdir(options.libraryDirectory, { recursive: true });
    const copied = await safeCopy(
      absolute(instance.sourcePaths),
      absolute(instance.includeDirPaths ?? []),
      base,
      path.join(buildDirectory, 'sources'),
    );
    const sourcePaths = copied?.sourcePaths ?? absolute(instance.sourcePaths);
    const includeDirPaths = copied?.includeDirPaths ?? absolute(instance.includeDirPaths ?? []);
    const { execa } = await import('execa');
    let linkLibraries: string[] = [];
    const runCmake = async (flags: string) => {
      const configure = [
        '-S',
        instanceCmakeProjectDirectory(),
        '-B',
        buildDirectory,
        `-DNGCC_INSTANCE=${instance.name}`,
        `-DNGCC_SOURCES=${sourcePaths.join(';')}`,
        `-DNGCC_INCLUDE_DIRS=${includeDirPaths.join(';')}`,
        `-DNGCC_C_FLAGS=${flags}`,
        `-DNGCC_LINK_LIBRARIES=${linkLibraries.join(';')}`,
        `-DNGCC_SOURCE_FLAGS=${(instance.sourceFlags ?? [])
          .map((f) => {
            const index = absolute(instance.sourcePaths).indexOf(path.resolve(base, f.path));
            return index < 0 ? null : `${sourcePaths[index]}|${f.flag}`;
          })
          .filter((f) => f !== null)
          .join(';')}`,
        `-DNGCC_DEFINES=${Object.entries(instance.defines ?? {})
          .map(([name, value]) => `${name}=${value}`)
          .join(';')}`,
        '-DCMAKE_C_COMPILER=gcc',
        '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON',
      ];
      for (const args of [configure, ['--build', buildDirectory]]) {
        const result = await execa('cmake', args, { reject: false, all: true, stdin: 'ignore' });
        if (result.exitCode === undefined) {
          throw new NativeError(
            'MISSING_TOOLS',
            `buildInstance: cmake could not start (${(result.message ?? '').split('\n')[0]}); install cmake and gcc (Debian/Ubuntu: sudo apt-get install cmake build-essential).`,
          );
        }
        if (result.exitCode !== 0)
          return { failedStep: args[0]!, exitCode: result.exitCode, output: String(result.all) };
      }
      return null;
    };
    const addedFlags: AddedBuildFlag[] = [];
    let failure = await runCmake(cflags);
    const common = failure === null ? null : tentativeDefinitionClash(failure.output, cflags);
    if (failure !== null && common !== null) {
      // gcc ≥ 10 refuses a tentative definition in a header included twice (`DRNG_CTX drng_algorithm;`);
      // the linker's complaint is the evidence, and the flag is added and recorded
      const retried = await runCmake(`${cflags} -fcommon`);
      if (retried === null) {
        addedFlags.push({
          flag: '-fcommon',
          reason: `the linker found ${common} defined in more than one object (a tentative definition in a header, which gcc ≥ 10 no longer merges without -fcommon)`,
        });
        failure = null;
      }
    }
    if (failure === null) {
      // a library calling GMP or OpenSSL is linked with it, so that it loads (the evidence: nm -D)
      const built = path.join(buildDirectory, 'out', `lib${instance.name}.so`);
      const listed = await execa('nm', ['-D', '--undefined-only', '--format=posix', built], { reject: false });
      const needs = systemLibrariesOf(
        String(listed.stdout)
          .split('\n')
          .map((l) => l.split(' ')[0]!.replace(/@.*$/, '')),
      );
      if (needs.length > 0) {
        linkLibraries = needs.map((n) => n.link);
        const finalFlags = [cflags, ...addedFlags.map((f) => f.flag)].join(' ');
        failure = await runCmake(finalFlags);
        if (failure !== null)
          failure.output += `\nThe library calls ${needs.map((n) => `${n.library} (${n.symbol})`).join(', ')}; linking it failed: install ${needs.map((n) => n.debian).join(' ')} (Debian/Ubuntu: sudo apt-get install ${needs.map((n) => n.debian).join(' ')}).`;
        else
          for (const n of needs)
            addedFlags.push({
              flag: `-l${n.link}`,
              reason: `the library leaves ${n.symbol} (${n.library}) undefined (nm -D); linked with ${n.library} so that it loads`,
            });
      }
    }
    if (failure !== null) {
      const profileName = flagsKind === 'guide' ? `guide ${profile}` : `harness-default ${profile}`;
      const missing = missingSystemLibrary(failure.output);
      throw new NativeError(
        'BUILD_FAILED',
        `building instance "${instance.name}" with the ${profileName} profile failed (cmake ${failure.failedStep} exited ${String(failure.exitCode)}):\n${failure.output.slice(-4000)}\n${missing ?? 'Fix the sources or the list of sources.'}`,
      );
    }
    const libraryPath = path.resolve(options.libraryDirectory, `lib${instance.name}.so`);
    await copyFileAtomic(path.join(buildDirectory, 'out', `lib${instance.name}.so`), libraryPath);
    const librarySha256 = createHash('sha256')
      .update(await readFile(libraryPath))
      .digest('hex');
    const commands = await readBuildCommands(
      buildDirectory,
      instance.name,
      options.sourceRoot === undefined ? null : base,
      copied,
    );
    return {
      libraryPath,
      librarySha256,
      flags: flagsKind,
      buildFlags: [cflags, ...addedFlags.map((f) => f.flag), SHARED_LIBRARY_FLAGS].join(' '),
      addedFlags,
      compileCommands: commands.compileCommands,
      linkCommand: commands.linkCommand,
    };
  } finally {
    if (options.buildDirectory === undefined) await rm(buildDirectory, { recursive: true, force: true });
  }
}
