import path from 'node:path';
import type { AddedSource, ExcludedSource } from './discovery-types.js';
import type { SymbolReader } from './object-symbols.js';
import { prebuiltLeftOut, prebuiltNote } from './prebuilt-link.js';
import type { TargetFlag } from './target-feature-flags.js';

/** A source of the package with the folder it lies in, relative to the package (`/`-separated). */
export interface PackageSource {
  file: string;
  folder: string;
}

/** The sources an instance is built from, as the compiler and the linker decided them. */
export interface LinkedSources {
  /** Library sources relative to the package, sorted. */
  sources: string[];
  /** Include folders relative to the package: the instance folder first, then the folders added for missing headers. */
  includeDirs: string[];
  excluded: ExcludedSource[];
  /** Sources and include folders taken from outside the instance folder (or a program's file the linker needed), and why. */
  added: AddedSource[];
  /** Symbols no source of the package defines (the instance cannot be linked), sorted. */
  unresolved: string[];
  /** Whether the instance folder holds library code of its own (not only programs and an unused DRNG). */
  ownCode: boolean;
  /**
   * Own sources that define the same strong symbols (alternatives the package's build picks one of,
   * e.g. one file per capacity): each group's files, sorted, with the symbols they share. The
   * linker refuses them together, so the instance is not built from a guess; [] when none.
   */
  alternatives: { files: string[]; symbols: string[] }[];
  /** Target flags its sources needed to compile on this host (an intrinsic's feature), each with why; the build adds them the same way. */
  targetFlags: TargetFlag[];
  /** Global symbols the chosen objects define (nm), sorted: what decides a public-key instance's category. */
  defined: string[];
  /** Own sources the compiler refuses, with its first error (then nothing else is linked; the build shows the error); [] when none. */
  refused: { file: string; error: string }[];
}

const DRNG_FILE = /(^|\/)drng\.(c|cc|cpp)$/i;

/** Shared leading folders of two relative paths: the nearer a file, the longer. */
function closeness(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n += 1;
  return n;
}

const byCloseness = (folder: string) => (a: PackageSource, b: PackageSource) =>
  closeness(b.folder, folder) - closeness(a.folder, folder) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);

/** Groups of files that define the same strong symbols, each group with the symbols its files share. */
function clashingSources(files: readonly string[], strongOf: (file: string) => readonly string[]) {
  const definers = new Map<string, string[]>();
  for (const file of files)
    for (const symbol of strongOf(file)) definers.set(symbol, [...(definers.get(symbol) ?? []), file]);
  const groups = new Map<string, { files: string[]; symbols: string[] }>();
  for (const [symbol, definedBy] of definers) {
    if (definedBy.length < 2) continue;
    const key = [...definedBy].sort().join('\0');
    const group = groups.get(key) ?? { files: [...definedBy].sort(), symbols: [] };
    group.symbols.push(symbol);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({ files: g.files, symbols: g.symbols.sort() }));
}

/** Options of {@link linkInstanceSources}. */
export interface LinkInstanceSourcesOptions {
  root: string;
  /** The instance folder, relative to the package. */
  folder: string;
  /** The instance folder's own code files, relative to the package. */
  own: readonly string[];
  /** Every code file of the package (outside ignored folders), for symbols the instance's own leave undefined. */
  packageSources: readonly PackageSource[];
  /** Every header of the package, for headers the compiler cannot find. */
  packageHeaders: readonly PackageSource[];
  /**
   * The folders holding an instance header (this one's included), relative to the package: a
   * source belongs to the nearest one above it, and another instance's sources are never taken.
   */
  instanceFolders?: readonly string[];
  reader: SymbolReader;
  /**
   * The entry symbols the objects still lack, given what they define (default: `CryptHash` when
   * it is not defined); a public-key instance's are its category's API functions (`kem_keygen`, …).
   */
  missingEntry?: (defined: ReadonlySet<string>) => string[];
  /** Symbols the program the library is loaded into provides (the driver's ICCS DRNG and primitives): never looked for. */
  providedSymbols?: readonly string[];
  /**
   * Symbols whose definers are left out (the ICCS DRNG functions the driver provides): a file
   * defining one of them and no entry symbol would replace the driver's DRNG.
   */
  replacedByDriver?: readonly string[];
  /**
   * Headers ngcc-perf declares itself (the official `drng.h`, `auxfunc.h`), for sources that include
   * them when the package has none: `token` is the include folder as candidate.json names it.
   */
  officialHeaders?: { token: string; directory: string; names: readonly string[] };
  /**
   * A reader compiling with `-fgnu89-inline`: when symbols stay undefined, the link is checked again
   * with it (a C99 `inline` function the optimizer did not inline everywhere has no external
   * definition; gcc's gnu89 rule emits one), and the flag is kept when that resolves them.
   */
  inlineReader?: SymbolReader;
}

const CRYPTHASH_ENTRY = (defined: ReadonlySet<string>) => (defined.has('CryptHash') ? [] : ['CryptHash']);

/**
 * Decides an instance's sources by the compiler and the linker: each own source is compiled with
 * the instance's flags; a missing header adds the nearest package folder holding it to the include
 * path; an object defining `main` is a program and left out; an own DRNG file nothing calls is
 * left out; an own file the compiler refuses is left out (with its first error) when the other
 * objects define `CryptHash` and link without it, and kept (so the build shows the error) otherwise —
 * then no other folder's source is taken in its place; own sources defining the same strong symbols
 * (alternatives) are returned as such and nothing is linked; another instance's sources (those whose nearest
 * instance folder is not this one) are never taken; else, while linking leaves symbols undefined (or nothing defines `CryptHash`), the
 * nearest package source whose object defines them is added, each with the symbols that made it
 * needed; only when no other source gives them is a program's object taken (one that defines main
 * and the missing symbols: an algorithm file with a test main its build script turns off), one at
 * a time and said so; a program whose compiler-read files include another such program's source
 * (a benchmark that `#include`s the algorithm file) is passed over for the file it includes. What
 * no source defines is returned as `unresolved`.
 * @example
 * const linked = await linkInstanceSources({ root, folder: 'Ref/X-512', own, packageSources, packageHeaders, reader });
 */
export async function linkInstanceSources(options: LinkInstanceSourcesOptions): Promise<LinkedSources> {
  const { root, folder, reader } = options;
  const missingEntry = options.missingEntry ?? CRYPTHASH_ENTRY;
  const provided = new Set(options.providedSymbols ?? []);
  const replaced = new Set(options.replacedByDriver ?? []);
  const entryLabel = missingEntry(new Set()).join(', ');
  const abs = (relative: string) => path.join(root, relative);
  const includeDirs = [folder];
  const added: AddedSource[] = [];
  const includesFor = (file: string) => {
    const own = path.posix.dirname(file);
    return [...new Set([...includeDirs, own])].map((d) =>
      d === options.officialHeaders?.token ? options.officialHeaders.directory : abs(d),
    );
  };
  const readWithHeaders = async (file: string) => {
    for (let round = 0; round < 8; round += 1) {
      const readWith = includesFor(file);
      const symbols = await reader.read(abs(file), readWith);
      if (symbols.compiled || symbols.missingHeader === null) return symbols;
      const wanted = symbols.missingHeader;
      const holders = options.packageHeaders
        .filter((h) => h.file === wanted || h.file.endsWith(`/${wanted}`))
        .map((h) => ({ ...h, folder: h.file.slice(0, h.file.length - wanted.length).replace(/\/$/, '') || '.' }));
      // the own sources are read at once: another one's read may have added the folder meanwhile
      if (includesFor(file).some((d) => !readWith.includes(d))) continue;
      const holder = holders.filter((h) => !includeDirs.includes(h.folder)).sort(byCloseness(folder))[0];
      const official = options.officialHeaders;
      if (
        holder === undefined &&
        holders.length === 0 &&
        official?.names.includes(wanted) &&
        !includeDirs.includes(official.token)
      ) {
        // the package includes an official header without shipping it: ngcc-perf's declaration, last
        includeDirs.push(official.token);
        added.push({
          file: official.token,
          kind: 'include-dir',
          reason: `ngcc-perf's declaration of the official ${wanted}, which ${file} includes and the package does not ship (the driver provides its functions)`,
        });
        continue;
      }
      if (holder === undefined) return symbols;
      includeDirs.push(holder.folder);
      added.push({ file: holder.folder, kind: 'include-dir', reason: `holds ${wanted}, which ${file} includes` });
    }
    return reader.read(abs(file), includesFor(file));
  };

  const excluded: ExcludedSource[] = [];
  const library: string[] = [];
  const symbolsOf = new Map<string, Awaited<ReturnType<typeof readWithHeaders>>>();
  const ownSymbols = await Promise.all(options.own.map((file) => readWithHeaders(file)));
  // a file the compiler refuses (a header the package does not ship) is left out when the compiled
  // objects define CryptHash without it; it is put back below if the linker then misses a symbol
  const compiledCryptHash =
    missingEntry(new Set(ownSymbols.filter((s) => s.compiled).flatMap((s) => s.defined))).length === 0;
  const uncompiled: ExcludedSource[] = [];
  for (const [index, file] of options.own.entries()) {
    const symbols = ownSymbols[index]!;
    symbolsOf.set(file, symbols);
    const replacing = symbols.defined.filter((d) => replaced.has(d));
    if (symbols.defined.includes('main')) excluded.push({ file, reason: 'defines main' });
    else if (replacing.length > 0 && missingEntry(new Set(symbols.defined)).length === missingEntry(new Set()).length)
      excluded.push({ file, reason: `defines ${replacing.sort().join(', ')}, the ICCS DRNG the driver provides` });
    else if (!symbols.compiled && compiledCryptHash)
      uncompiled.push({ file, reason: `does not compile (${symbols.error}); the other objects define ${entryLabel}` });
    else library.push(file);
  }
  const undefinedByOthers = (file: string) =>
    new Set(library.filter((f) => f !== file).flatMap((f) => symbolsOf.get(f)!.undefined));
  for (const file of library.filter((f) => DRNG_FILE.test(f))) {
    const needed = undefinedByOthers(file);
    if (!symbolsOf.get(file)!.defined.some((s) => needed.has(s))) {
      excluded.push({ file, reason: 'ICCS DRNG, not used by the algorithm' });
      library.splice(library.indexOf(file), 1);
    }
  }

  const ownCode = library.length + uncompiled.length > 0;
  const alternatives = clashingSources(library, (file) => symbolsOf.get(file)?.strong ?? []);
  if (alternatives.length > 0)
    return {
      targetFlags: [],
      sources: [],
      includeDirs,
      excluded,
      added,
      unresolved: [],
      ownCode,
      alternatives,
      defined: [],
      refused: [],
    };
  const chosen = new Set(library);
  // another instance's own code (its folder, or below it but above no nearer instance folder) is
  // that instance: taken here it would build this instance from code compiled against the other's
  // header (its own folder's header wins the #include), so it is never offered
  const depth = (f: string) => (f === '.' ? 0 : f.split('/').length);
  const owner = (sourceFolder: string) =>
    (options.instanceFolders ?? [])
      .filter((f) => f === '.' || sourceFolder === f || sourceFolder.startsWith(`${f}/`))
      .sort((a, b) => depth(b) - depth(a))[0] ?? null;
  const pool = options.packageSources
    .filter((s) => !chosen.has(s.file))
    .filter((s) => {
      const of = owner(s.folder);
      return of === null || of === folder;
    })
    .sort(byCloseness(folder));
  const providers = new Map<string, string[]>();
  // program sources left out because they include (wrap) the program source taken: taken → wrapper
  const passedOver = new Map<string, string>();
  const wrappedProgram = async (file: string, readFiles: readonly string[], gives: readonly string[]) => {
    const read = new Set(readFiles);
    for (const other of pool) {
      if (other.file === file || !read.has(abs(other.file))) continue;
      let symbols = symbolsOf.get(other.file);
      if (symbols === undefined) {
        symbols = await readWithHeaders(other.file);
        symbolsOf.set(other.file, symbols);
      }
      if (symbols.compiled && symbols.defined.includes('main') && gives.every((g) => symbols.defined.includes(g)))
        return other.file;
    }
    return null;
  };
  let unresolved: string[] = [];
  // an own source the compiler refuses stays in the build (its error is the verdict): what it would
  // define is unknown, so no other folder's source is taken in its place
  const refusedOwn = library.some((f) => !symbolsOf.get(f)!.compiled);
  for (let round = 0; round < (refusedOwn ? 0 : 32); round += 1) {
    const defined = new Set([...chosen].flatMap((f) => symbolsOf.get(f)?.defined ?? []));
    const missing = new Set(
      (
        await reader.undefinedAtLink([...chosen].map(abs), (f) =>
          includesFor(path.relative(root, f).split(path.sep).join('/')),
        )
      ).filter((s) => !provided.has(s)),
    );
    for (const s of missingEntry(defined)) missing.add(s);
    if (missing.size === 0) {
      unresolved = [];
      break;
    }
    let progress = false;
    // a program's object (it defines main) is taken only when no other source gives what is missing,
    // one at a time: the algorithm's own file with a test main the package's build script turns off
    for (const programs of [false, true]) {
      if (progress || (programs && defined.has('main'))) break;
      for (const candidate of pool) {
        if (missing.size === 0) break;
        if (chosen.has(candidate.file)) continue;
        let symbols = symbolsOf.get(candidate.file);
        if (symbols === undefined) {
          symbols = await readWithHeaders(candidate.file);
          symbolsOf.set(candidate.file, symbols);
        }
        if (!symbols.compiled || symbols.defined.includes('main') !== programs) continue;
        // a prebuilt object of another machine, or one with a main, is never linked (said below)
        if (symbols.prebuilt !== undefined && (symbols.prebuilt.foreign !== null || programs)) continue;
        if (symbols.defined.some((d) => replaced.has(d))) continue;
        const gives = symbols.defined.filter((s) => missing.has(s));
        if (gives.length === 0 || symbols.defined.some((s) => defined.has(s))) continue;
        if (programs) {
          // a program that includes another program's source giving the same symbols wraps it (a
          // benchmark around the algorithm file): the compiler's list of files it read says so
          const wrapped = await wrappedProgram(candidate.file, symbols.readFiles ?? [], gives);
          if (wrapped !== null) {
            passedOver.set(wrapped, candidate.file);
            continue;
          }
        }
        chosen.add(candidate.file);
        providers.set(candidate.file, gives);
        for (const s of symbols.defined) defined.add(s);
        for (const s of gives) missing.delete(s);
        progress = true;
        if (programs) break;
      }
    }
    unresolved = [...missing].sort();
    if (!progress) break;
  }
  const inlineFlags: TargetFlag[] = [];
  if (unresolved.length > 0 && options.inlineReader !== undefined && !refusedOwn) {
    // the files whose objects reference a missing symbol and define it under gnu89 rules get the flag
    const includes = (f: string) => includesFor(path.relative(root, f).split(path.sep).join('/'));
    const gnu89 = new Map<string, Awaited<ReturnType<SymbolReader['read']>>>();
    for (const f of chosen) gnu89.set(f, await options.inlineReader.read(abs(f), includes(abs(f))));
    const files = [...chosen].filter(
      (f) =>
        unresolved.some((u) => symbolsOf.get(f)?.undefined.includes(u) && gnu89.get(f)!.defined.includes(u)) &&
        gnu89.get(f)!.compiled,
    );
    const resolved = unresolved.filter((u) => files.some((f) => gnu89.get(f)!.defined.includes(u)));
    // the flag may not make a file define what another object defines too (an inline function of a header)
    const others = new Set(
      [...chosen].filter((f) => !files.includes(f)).flatMap((f) => symbolsOf.get(f)?.strong ?? []),
    );
    const clash = files.flatMap((f) => (gnu89.get(f)!.strong ?? []).filter((d) => others.has(d)));
    const seen = new Set<string>();
    const twice = files.flatMap((f) =>
      (gnu89.get(f)!.strong ?? []).filter((d) => (seen.has(d) ? true : (seen.add(d), false))),
    );
    if (resolved.length > 0 && clash.length === 0 && twice.length === 0) {
      inlineFlags.push({
        flag: '-fgnu89-inline',
        files: files.sort(),
        reason: `the linker leaves ${resolved.slice(0, 4).join(', ')} undefined: C99 "inline" definitions in ${files
          .map((f) => path.posix.basename(f))
          .join(
            ', ',
          )} the optimizer did not inline everywhere, which gcc emits as functions with -fgnu89-inline (checked with nm)`,
      });
      unresolved = unresolved.filter((u) => !resolved.includes(u));
    }
  }
  if (unresolved.length > 0) for (const u of uncompiled) chosen.add(u.file);
  else excluded.push(...uncompiled);
  for (const [file, symbols] of providers) {
    const shown = symbols.slice(0, 4).join(', ') + (symbols.length > 4 ? `, … (${symbols.length} symbols)` : '');
    const program = symbolsOf.get(file)!.defined.includes('main');
    added.push({
      file,
      kind: 'source',
      reason: !program
        ? `defines ${shown}, left undefined by the instance's own objects${prebuiltNote(symbolsOf.get(file)!)}`
        : passedOver.has(file)
          ? `defines ${shown}, left undefined by the instance's other objects, and a main of its own (taken rather than ${passedOver.get(file)}, a program that includes it; a library never calls its main)`
          : `defines ${shown}, left undefined by the instance's other objects, and a main of its own (no other source defines them; a library never calls its main)`,
    });
  }
  const leftOutPrebuilt = await prebuiltLeftOut({
    pool: pool.filter((p) => !chosen.has(p.file)),
    folder,
    read: async (file) => {
      let symbols = symbolsOf.get(file);
      if (symbols === undefined) {
        symbols = await readWithHeaders(file);
        symbolsOf.set(file, symbols);
      }
      return symbols;
    },
    needed: new Set([
      ...[...chosen].flatMap((f) => symbolsOf.get(f)?.defined ?? []),
      ...unresolved,
      ...missingEntry(new Set()),
    ]),
  });
  const targetFlags: TargetFlag[] = [...inlineFlags];
  for (const file of [...chosen].sort())
    for (const flag of symbolsOf.get(file)?.targetFlags ?? [])
      if (!targetFlags.some((t) => t.flag === flag.flag)) targetFlags.push(flag);
  return {
    targetFlags,
    sources: [...chosen].sort(),
    includeDirs,
    // a program whose object the linker needed is added, not left out
    excluded: [...excluded.filter((e) => !providers.has(e.file)), ...leftOutPrebuilt].sort((a, b) =>
      a.file < b.file ? -1 : 1,
    ),
    added,
    unresolved,
    ownCode,
    alternatives: [],
    defined: [...new Set([...chosen].flatMap((f) => symbolsOf.get(f)?.defined ?? []))].sort(),
    refused: library
      .filter((f) => !symbolsOf.get(f)!.compiled)
      .map((file) => ({ file, error: symbolsOf.get(file)!.error ?? 'does not compile' })),
  };
}
