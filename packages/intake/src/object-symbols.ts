import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { PREBUILT_FILE, hostObjectMachine, readPrebuilt } from './prebuilt-objects.js';
import {
  decideTargetFlags,
  readHostTargetOptions,
  targetFeatureNeeds,
  type TargetFlag,
} from './target-feature-flags.js';

/** What `nm` says about the object of one source compiled with an instance's flags. */
export interface ObjectSymbols {
  /** Whether the compiler produced an object. */
  compiled: boolean;
  /** The compiler's first error line when it did not (paths relative to the package), else null. */
  error: string | null;
  /** A header the compiler could not find (`fatal error: x.h: No such file or directory`), else null. */
  missingHeader: string | null;
  /** Global symbols the object defines (`nm` types T, D, B, R, C, W, …). */
  defined: string[];
  /** Symbols the object leaves undefined (`nm` type U). */
  undefined: string[];
  /**
   * The strong definitions among `defined` (not weak `W`/`V`, not common `C`): two objects that
   * both define one cannot be linked together. Absent when not read.
   */
  strong?: string[];
  /** Flags the compile added because gcc said an intrinsic needs a target feature this host has; [] when none. */
  targetFlags: TargetFlag[];
  /** The files the compiler read for the object (its `-MD` list: the source, the headers and any `.c` it includes), absolute. */
  readFiles?: string[];
  /**
   * For a prebuilt object or archive the package ships (read, not compiled): its kind, why it is
   * not an object of this host's machine (its ELF header) or null, and an archive's members that
   * define `main`. Absent for a compiled source.
   */
  prebuilt?: { kind: 'object' | 'archive'; foreign: string | null; mainMembers: string[] };
}

/** Reads the symbols of compiled sources, each compiled once per include path and flag set. */
export interface SymbolReader {
  /**
   * Compiles `file` (absolute) with `-I` for each of `includeDirs` (absolute, in order) and reads its symbols.
   * @example
   * (await reader.read('/p/Ref/x.c', ['/p/Ref'])).defined; // ['CryptHash']
   */
  read(file: string, includeDirs: readonly string[]): Promise<ObjectSymbols>;
  /**
   * Links `files` (absolute sources, read before) into a shared object with `--no-undefined` and
   * returns the symbols the linker reports undefined (an empty list when it links).
   */
  undefinedAtLink(files: readonly string[], includeDirs: (file: string) => readonly string[]): Promise<string[]>;
  /** Removes the objects. */
  close(): Promise<void>;
}

const CXX = /\.(cc|cpp|cxx)$/i;

let systemSymbolsRead: Promise<Set<string> | null> | null = null;

/**
 * The functions and data the C library and libm define (`nm -D` on the files gcc links), read once;
 * null when they cannot be read (then every question goes to the linker).
 */
function systemSymbols(): Promise<Set<string> | null> {
  systemSymbolsRead ??= (async () => {
    const files: string[] = [];
    for (const name of ['libc.so.6', 'libm.so.6']) {
      const found = await execa('gcc', [`-print-file-name=${name}`], { reject: false });
      if (found.exitCode === 0 && path.isAbsolute(String(found.stdout).trim())) files.push(String(found.stdout).trim());
    }
    if (files.length < 2) return null;
    const listed = await execa('nm', ['-D', '--defined-only', '--format=posix', ...files], { reject: false });
    if (listed.exitCode !== 0) return null;
    return new Set(
      String(listed.stdout)
        .split('\n')
        .map((line) => line.split(' ')[0]!.replace(/@.*$/, ''))
        .filter((name) => name !== ''),
    );
  })();
  return systemSymbolsRead;
}

/**
 * The files a gcc `-MD` dependency file lists (`object.o: a.c b.h \\` lines), absolute (gcc is given
 * absolute sources and include folders); [] when it cannot be read.
 */
async function readDependencyList(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const body = text.replace(/\\\n/g, ' ').replace(/^[^:]*:/, '');
  const names = body.match(/(?:\\ |[^\s])+/g) ?? [];
  return names.map((n) => path.resolve(n.replace(/\\ /g, ' ')));
}

/** The flags objects are compiled with for nm: the profile's, without LTO (an LTO object has no symbol table). */
function nmFlags(flags: string): string[] {
  // -fcommon: a tentative definition in a header (`DRNG_CTX drng_algorithm;`) reads as common (C), as
  // the build links it when the linker asks for -fcommon, not as a clash of alternatives
  return [...flags.split(/\s+/).filter((f) => f !== '' && !/^-flto/.test(f) && !/^-W/.test(f)), '-fcommon'];
}

/**
 * A {@link SymbolReader} compiling with gcc (g++ for C++) and `flags` (an instance's guide profile;
 * warnings off, LTO off), falling back to `fallbackFlags` (the harness default) when the profile's
 * do not compile a file, as the build does; a file gcc refuses for an intrinsic's target feature is
 * compiled again with the host's matching `-m` flags (as the build retries it).
 * @param root - the package folder: error lines name files relative to it
 * @example
 * const reader = await createSymbolReader('/p', '-std=c99 -O2', '-std=gnu11 -O2');
 */
export async function createSymbolReader(root: string, flags: string, fallbackFlags: string): Promise<SymbolReader> {
  const work = await mkdtemp(path.join(tmpdir(), 'ngcc-perf-nm-'));
  const cache = new Map<string, Promise<ObjectSymbols & { object: string }>>();
  let counter = 0;
  const readShipped = async (file: string) => {
    const shipped = await readPrebuilt(
      file,
      path.relative(root, file).split(path.sep).join('/'),
      await hostObjectMachine(work),
    );
    return {
      object: file,
      compiled: shipped.unreadable === null,
      error: shipped.unreadable,
      missingHeader: null,
      defined: shipped.defined,
      strong: shipped.strong,
      undefined: shipped.undefined,
      targetFlags: [],
      prebuilt: { kind: shipped.kind, foreign: shipped.foreign, mainMembers: shipped.mainMembers },
    };
  };
  const compile = async (file: string, includeDirs: readonly string[]) => {
    if (PREBUILT_FILE.test(file)) return readShipped(file);
    const object = path.join(work, `${(counter += 1)}.o`);
    const compiler = CXX.test(file) ? 'g++' : 'gcc';
    const includes = includeDirs.flatMap((d) => ['-I', d]);
    let result = null;
    let targetFlags: TargetFlag[] = [];
    const ownOf = (set: string) =>
      nmFlags(set).filter(
        (f) => !(compiler === 'g++' && /^-std=c\d/.test(f)) && !(compiler === 'g++' && /^-std=gnu\d/.test(f)),
      );
    for (const set of [flags, fallbackFlags]) {
      const own = ownOf(set);
      result = await execa(
        compiler,
        ['-c', '-w', '-fPIC', '-MD', '-MF', `${object}.d`, ...own, ...includes, file, '-o', object],
        {
          reject: false,
        },
      );
      if (result.exitCode === 0) break;
    }
    if (result!.exitCode !== 0) {
      // an intrinsic that needs a target feature: compiled as the build will, with the host's -m flags
      const needs = await targetFeatureNeeds(String(result!.stderr));
      const host = needs.length === 0 ? null : await readHostTargetOptions();
      const decision = host === null ? null : decideTargetFlags(needs, host, []);
      if (decision !== null && decision.missing.length === 0 && decision.flags.length > 0) {
        for (const set of [flags, fallbackFlags]) {
          const own = [...ownOf(set), ...decision.flags.map((f) => f.flag)];
          const retried = await execa(
            compiler,
            ['-c', '-w', '-fPIC', '-MD', '-MF', `${object}.d`, ...own, ...includes, file, '-o', object],
            {
              reject: false,
            },
          );
          if (retried.exitCode === 0) {
            result = retried;
            targetFlags = decision.flags;
            break;
          }
        }
      }
    }
    if (result!.exitCode !== 0) {
      const text = String(result!.stderr)
        .split(root + path.sep)
        .join('');
      const missing = /fatal error: ([^:\n]+): No such file or directory/.exec(text);
      const first = text.split('\n').find((l) => /error/.test(l)) ?? text.split('\n')[0] ?? '';
      return {
        object,
        compiled: false,
        error: first.trim().slice(0, 300),
        missingHeader: missing ? missing[1]!.trim() : null,
        defined: [],
        undefined: [],
        targetFlags: [],
      };
    }
    const listed = await execa('nm', ['--format=posix', object], { reject: false });
    const defined: string[] = [];
    const strong: string[] = [];
    const undefinedSymbols: string[] = [];
    for (const line of String(listed.stdout).split('\n')) {
      const [name, type] = line.split(' ');
      if (!name || !type) continue;
      if (type === 'U') undefinedSymbols.push(name);
      else if (/^[A-TV-Z]$/.test(type)) {
        defined.push(name);
        if (!/^[CVW]$/.test(type)) strong.push(name);
      }
    }
    return {
      object,
      compiled: true,
      error: null,
      missingHeader: null,
      defined,
      strong,
      undefined: undefinedSymbols,
      targetFlags,
      readFiles: await readDependencyList(`${object}.d`),
    };
  };
  const read = (file: string, includeDirs: readonly string[]) => {
    // a prebuilt file is read once, whatever the include path
    const key = PREBUILT_FILE.test(file) ? file : `${file}\0${includeDirs.join('\0')}`;
    if (!cache.has(key)) cache.set(key, compile(file, includeDirs));
    return cache.get(key)!;
  };
  return {
    read: async (file, includeDirs) => {
      const built = await read(file, includeDirs);
      return {
        compiled: built.compiled,
        error: built.error,
        missingHeader: built.missingHeader,
        defined: built.defined,
        strong: built.strong,
        undefined: built.undefined,
        targetFlags: built.targetFlags,
        readFiles: built.readFiles,
        ...(built.prebuilt === undefined ? {} : { prebuilt: built.prebuilt }),
      };
    },
    async undefinedAtLink(files, includeDirs) {
      const built = await Promise.all(files.map((file) => read(file, includeDirs(file))));
      // an archive is linked whole, as the build links it
      const objects = built
        .filter((b) => b.compiled)
        .flatMap((b) =>
          b.prebuilt?.kind === 'archive' ? ['-Wl,--whole-archive', b.object, '-Wl,--no-whole-archive'] : [b.object],
        );
      const system = files.some((f) => CXX.test(f)) ? null : await systemSymbols();
      if (system !== null) {
        // what the objects define or the C library gives needs no link to know it resolves
        const defined = new Set(built.flatMap((b) => b.defined));
        if (built.flatMap((b) => b.undefined).every((s) => defined.has(s) || system.has(s))) return [];
      }
      const linker = files.some((f) => CXX.test(f)) ? 'g++' : 'gcc';
      const result = await execa(
        linker,
        ['-shared', '-o', path.join(work, 'link-check.so'), ...objects, '-Wl,--no-undefined', '-lm'],
        { reject: false },
      );
      if (result.exitCode === 0) return [];
      const missing = new Set<string>();
      for (const match of String(result.stderr).matchAll(/undefined reference to [`'‘]([^'’`]+)['’`]/g))
        missing.add(match[1]!);
      return [...missing].sort();
    },
    close: () => rm(work, { recursive: true, force: true }),
  };
}
