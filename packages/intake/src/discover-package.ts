import path from 'node:path';
import { profileFlags, type BuildProfile } from '@ngcc-perf/native';
import { NAME_PATTERN, NAME_RULE } from './candidate.js';
import type {
  DiscoveredInstance,
  DiscoveredPackage,
  FolderExplanation,
  FolderSuggestion,
  UnmeasuredFolder,
} from './discovery-types.js';
import { linkInstanceSources, type PackageSource } from './link-closure.js';
import { createSymbolReader, type SymbolReader } from './object-symbols.js';
import { derivedCandidateId, findCatalogEntry, type HashCatalog } from './hash-catalog.js';
import { isaSkipReason, readHostIsa, type HostIsa } from './host-isa-support.js';
import {
  implementationVersion,
  instanceNameBase,
  uniqueInstanceName,
  versionSlug,
  type ImplementationVersion,
} from './implementation-version.js';
import { suggestFolderInstances, type LeftOutCode } from './folder-suggestion.js';
import { walkPackage, type PackageFolder } from './walk-package.js';
import type { ScriptDefine } from './build-script-defines.js';
import { instanceHeader } from './instance-header.js';
import { builtInPublicKeyCategories, publicKeyEntry, type CategoryChoice } from './public-key-entry.js';
import { apiWords, packageApi } from './package-api.js';
import { PREBUILT_FILE } from './prebuilt-objects.js';

/** Options of {@link discoverPackage}. */
export interface DiscoverPackageOptions {
  /** The catalog that names candidates (the bundled one by default, see `readBundledCatalog`). */
  catalog: HashCatalog;
  /** Package name when it is not the folder's (an extracted `C Hash.zip` is `C Hash`). */
  packageName?: string;
  /** What the host can run; default {@link readHostIsa}. */
  host?: HostIsa;
  /**
   * The categories other than hash that an instance header without `DIGEST_BIT_LENGTH` may be
   * (id and API symbols, as `@ngcc-perf/category` registries list them); the objects' `nm` decides
   * among them. Default: the non-hash categories of the built-in registry.
   */
  categories?: readonly CategoryChoice[];
}

const HEADER = /\.(h|hh|hpp)$/i;
const C_SOURCE = /\.(c|s)$/i;
const CXX_SOURCE = /\.(cc|cpp|cxx)$/i;
const HARDWARE = /\.(v|sv|vhd|vhdl)$/i;
const KAT_FILE = /^KAT_(2_12|2_23|2_33|Loop|KEM|SIG|KEX)_(.+)\.txt$/;
const join = (folder: string, file: string) => (folder === '.' ? file : `${folder}/${file}`);
const isCode = (file: string) => C_SOURCE.test(file) || CXX_SOURCE.test(file);

function segmentsOf(packageName: string, relative: string): string[] {
  return [packageName, ...(relative === '.' ? [] : relative.split('/'))];
}

/** Where a version stands among a package's versions: reference first, then optimized, then additional, then by label. */
function versionRank(version: ImplementationVersion): string {
  const head = version.label.toLowerCase();
  const rank = head.startsWith('reference') ? 0 : head.startsWith('optimi') ? 1 : 2;
  return `${rank}:${version.label}`;
}

const natural = new Intl.Collator('en', { numeric: true });

/** Gives each instance a name unique in the candidate: the header's name for the first version, `<name>.<version>` for others. */
function nameInstances(found: Omit<DiscoveredInstance, 'name'>[]): DiscoveredInstance[] {
  const sorted = [...found].sort(
    (a, b) =>
      natural.compare(versionRank(a.version), versionRank(b.version)) ||
      (a.digestBits ?? 0) - (b.digestBits ?? 0) ||
      natural.compare(a.katName, b.katName) ||
      natural.compare(a.folder, b.folder),
  );
  const firstVersion = new Map<string, string>();
  const used = new Set<string>();
  return sorted.map((instance) => {
    const base = instanceNameBase(instance.katName);
    const first = firstVersion.get(instance.katName) ?? instance.version.label;
    firstVersion.set(instance.katName, first);
    const stem = first === instance.version.label ? base : `${base}.${versionSlug(instance.version.label)}`;
    // a second copy of one instance (an x86 and an ARM tree of the same package) is told apart by a
    // count after the whole name, never by cutting the instance's own "-512" off
    return { name: uniqueInstanceName(stem, used), ...instance };
  });
}

/**
 * Finds the instances of an official NGCC package by content: every folder (outside `Others/`)
 * with a header defining `ALGORITHM_INSTANCE` and `DIGEST_BIT_LENGTH` is one instance of one
 * implementation version; its sources are the folder's `.c`/`.S` (and `.cc`/`.cpp`) files minus
 * those defining `main` (the ICCS KAT generator, a submitter's test program) and minus the ICCS
 * DRNG `drng.c` unless the algorithm's own objects need its symbols (a file that names a DRNG
 * function is compiled and its undefined symbols read with `nm`). Prebuilt objects and static archives
 * (`.o`, `.a`) are offered to the linker beside the sources: one is linked when `nm` says it
 * defines what the instance's objects lack and its ELF header names this host's machine. The version comes from the
 * path (`Reference_Implementation`, `Optimized_Implementation/AVX2`, a `-res` goal); a folder
 * written for an ISA the host cannot run is listed as skipped; a folder with code but no instance
 * header of its own is listed as not measurable through the CryptHash API (never completed from
 * another folder), with what would measure it (`folders[].suggestion`, see `suggestFolderInstances`).
 * The candidate id and official name come from the catalog, or `pkg-<name>`.
 * @param directory - the package folder (an extracted archive or an unpacked package)
 * @example
 * const found = await discoverPackage('submissions/Litchi', { catalog: readBundledCatalog() });
 * found.id; // 'hash-15'
 */
export async function discoverPackage(directory: string, options: DiscoverPackageOptions): Promise<DiscoveredPackage> {
  const root = path.resolve(directory);
  const packageName = options.packageName ?? path.basename(root);
  const host = options.host ?? readHostIsa();
  const categories = options.categories ?? builtInPublicKeyCategories();
  const folders = await walkPackage(root);
  const filesOf = new Map(folders.map((f) => [f.relative, f.files]));
  const found: Omit<DiscoveredInstance, 'name'>[] = [];
  const unmeasured: UnmeasuredFolder[] = [];
  const katFiles = folders.flatMap((f) =>
    f.files
      .filter((file) => KAT_FILE.test(file))
      .map((file) => ({ file, path: join(f.relative, file), folder: f.relative })),
  );
  // prebuilt objects and archives are offered to the link closure beside the sources: nm and their
  // ELF header decide whether one is linked in
  const packageSources: PackageSource[] = folders.flatMap((f) =>
    f.files
      .filter((file) => isCode(file) || PREBUILT_FILE.test(file))
      .map((file) => ({ file: join(f.relative, file), folder: f.relative })),
  );
  const packageHeaders: PackageSource[] = folders.flatMap((f) =>
    f.files.filter((file) => HEADER.test(file)).map((file) => ({ file: join(f.relative, file), folder: f.relative })),
  );
  const readers = new Map<string, Promise<SymbolReader>>();
  const readerFor = (profile: BuildProfile, defines: readonly ScriptDefine[] = [], more = '') => {
    const extra = defines.map((d) => ` -D${d.name}=${d.value}`).join('') + more;
    const key = `${profile}${extra}`;
    if (!readers.has(key))
      readers.set(
        key,
        createSymbolReader(
          root,
          profileFlags(profile, 'guide') + extra,
          profileFlags(profile, 'harness-default') + extra,
        ),
      );
    return readers.get(key)!;
  };
  const explained: FolderExplanation[] = [];
  const shared = new Map<string, string[]>();
  const headerless: { folder: PackageFolder; version: string; implementation: ImplementationVersion }[] = [];
  const leftOutCode: LeftOutCode[] = [];
  // the folders holding an instance header: each one's code belongs to that instance alone
  const headers = new Map(
    await Promise.all(
      folders.map(async (f) => [f.relative, await instanceHeader(root, f, categories, filesOf)] as const),
    ),
  );
  const instanceFolders = [...headers].filter(([, header]) => header !== null).map(([folder]) => folder);
  // the API the package is written for, so that what is left out is explained in its words
  const api = await packageApi(
    root,
    [...packageHeaders.map((h) => h.file), ...packageSources.filter((s) => isCode(s.file)).map((s) => s.file)],
    categories,
    [...headers.values()].some((header) => header !== null && header.macros.digestBits === null),
  );
  const words = apiWords(api);
  let instances: DiscoveredInstance[];
  let suggestions: Map<string, FolderSuggestion>;
  try {
    for (const folder of folders) {
      const version = implementationVersion(segmentsOf(packageName, folder.relative));
      const header = headers.get(folder.relative) ?? null;
      const code = folder.files.filter(isCode);
      if (header === null) {
        const hardware = folder.files.some((f) => HARDWARE.test(f));
        if (hardware && code.length === 0) {
          const reason = `a hardware description (Verilog/VHDL), ${words.hardware}`;
          unmeasured.push({
            folder: folder.relative,
            version: version.label,
            katName: null,
            status: 'skipped',
            reason,
          });
          explained.push({ folder: folder.relative, role: 'left-out', detail: reason });
          continue;
        }
        if (code.length > 0) headerless.push({ folder, version: version.label, implementation: version });
        continue;
      }
      const { katName } = { katName: header.macros.instanceName };
      if (katName === '') {
        const reason = `${header.header} line ${header.macros.instanceNameLine}: ALGORITHM_INSTANCE gives no name: ${header.nameProblem ?? "gcc's preprocessor does not reduce it to a string"}; no build script of the instance folder (or above it) defines the macros it needs with one value (-DNAME=VALUE, CMake set()); write candidate.json by hand with the instance's "defines" and "katName"`;
        unmeasured.push({
          folder: folder.relative,
          version: version.label,
          katName: null,
          status: 'not-measurable',
          reason,
        });
        explained.push({ folder: folder.relative, role: 'left-out', detail: reason });
        continue;
      }
      if (!NAME_PATTERN.test(katName)) {
        // the name becomes KAT file names, the manifest label and run folders: one bad header makes
        // its folder not measured, never the run
        const fixed = instanceNameBase(katName);
        const reason = `${header.header} line ${header.macros.instanceNameLine}: ALGORITHM_INSTANCE "${katName}" is not a name the KAT files and the run can carry (${NAME_RULE}); change it in the header (say "${fixed}"), and the package's KAT file names with it`;
        unmeasured.push({ folder: folder.relative, version: version.label, katName, status: 'not-measurable', reason });
        explained.push({ folder: folder.relative, role: 'left-out', detail: reason });
        continue;
      }
      const skip = isaSkipReason(version.isa, host);
      if (skip !== null) {
        unmeasured.push({ folder: folder.relative, version: version.label, katName, status: 'skipped', reason: skip });
        explained.push({ folder: folder.relative, role: 'left-out', detail: `${katName}: ${skip}` });
        continue;
      }
      const publicKey = header.macros.digestBits === null ? publicKeyEntry(categories) : null;
      const linked = await linkInstanceSources({
        root,
        folder: folder.relative,
        own: code.map((file) => join(folder.relative, file)),
        packageSources,
        packageHeaders,
        instanceFolders,
        reader: await readerFor(version.variant, header.defines ?? []),
        ...(publicKey === null
          ? {}
          : {
              ...publicKey.linkOptions,
              inlineReader: await readerFor(version.variant, header.defines ?? [], ' -fgnu89-inline'),
            }),
      });
      if (linked.alternatives.length > 0) {
        const reason = `its own sources are alternatives the linker refuses together (checked with nm): ${linked.alternatives
          .map(
            (a) =>
              `${a.files.map((f) => path.posix.basename(f)).join(', ')} each define ${a.symbols.slice(0, 4).join(', ')}${a.symbols.length > 4 ? ', …' : ''}`,
          )
          .join(
            '; ',
          )}; name the one to measure in candidate.json "sources" (one instance per alternative, each with its "katName")`;
        unmeasured.push({ folder: folder.relative, version: version.label, katName, status: 'not-measurable', reason });
        explained.push({ folder: folder.relative, role: 'left-out', detail: `${katName}: ${reason}` });
        continue;
      }
      const category = publicKey === null ? 'hash' : publicKey.decide(linked.defined);
      if (publicKey !== null && (linked.unresolved.length > 0 || category === null)) {
        const reason = publicKey.unresolvedReason(linked.unresolved, linked.ownCode, linked.refused);
        unmeasured.push({ folder: folder.relative, version: version.label, katName, status: 'not-measurable', reason });
        explained.push({ folder: folder.relative, role: 'left-out', detail: `${katName}: ${reason}` });
        continue;
      }
      if (linked.unresolved.length > 0) {
        const reason =
          linked.unresolved.length === 1 && linked.unresolved[0] === 'CryptHash'
            ? !linked.ownCode
              ? 'its folder holds the instance header but no algorithm code of its own (only programs or the ICCS DRNG, if any), and no source outside the other instances’ folders defines CryptHash (checked with nm); another instance’s code is never built in its place'
              : 'no source of the package compiles to an object defining CryptHash for this instance header (checked with nm)'
            : `the linker leaves ${linked.unresolved.join(', ')} undefined and no source of the package defines ${linked.unresolved.length === 1 ? 'it' : 'them'} (checked with nm); list the missing sources in candidate.json "sources"`;
        unmeasured.push({ folder: folder.relative, version: version.label, katName, status: 'not-measurable', reason });
        explained.push({ folder: folder.relative, role: 'left-out', detail: `${katName}: ${reason}` });
        continue;
      }
      for (const a of linked.added) shared.set(a.file, [...(shared.get(a.file) ?? []), folder.relative]);
      const own = katFiles.filter((k) => KAT_FILE.exec(k.file)![2] === katName);
      const inFolder = own.filter((k) => k.folder === folder.relative || k.folder.startsWith(`${folder.relative}/`));
      found.push({
        katName,
        category: category!,
        digestBits: header.macros.digestBits,
        defines: header.defines ?? [],
        folder: folder.relative,
        header: header.header,
        version,
        sources: linked.sources,
        cplusplus: linked.sources.some((s) => CXX_SOURCE.test(s)),
        excluded: linked.excluded,
        includeDirs: linked.includeDirs,
        added: linked.added,
        targetFlags: linked.targetFlags,
        katFiles: [...new Map((inFolder.length > 0 ? inFolder : own).map((k) => [k.file, k.path])).values()].sort(),
      });
    }
    for (const { folder, version, implementation } of headerless) {
      const lent = [...shared.entries()].filter(
        ([file]) => file === folder.relative || path.posix.dirname(file) === folder.relative,
      );
      if (lent.length > 0) {
        const users = [...new Set(lent.flatMap(([, users]) => users))];
        explained.push({
          folder: folder.relative,
          role: 'shared',
          detail: `lends ${[
            ...lent.filter(([file]) => file !== folder.relative).map(([file]) => path.posix.basename(file)),
            ...(lent.some(([file]) => file === folder.relative) ? ['headers'] : []),
          ].join(' and ')} to ${users.join(', ')}`,
        });
        continue;
      }
      const reader = await readerFor(implementation.variant);
      const programs: string[] = [];
      const uncompiled: string[] = [];
      const left: LeftOutCode = { folder: folder.relative, version: implementation, sources: [], missingHeaders: [] };
      for (const file of folder.files.filter(isCode)) {
        const symbols = await reader.read(path.join(root, folder.relative, file), [path.join(root, folder.relative)]);
        if (symbols.defined.includes('main')) programs.push(file);
        else left.sources.push(join(folder.relative, file));
        if (!symbols.defined.includes('main') && !symbols.compiled)
          uncompiled.push(symbols.error ?? `${file}: does not compile`);
        if (symbols.missingHeader !== null) left.missingHeaders.push(symbols.missingHeader);
      }
      leftOutCode.push(left);
      if (programs.length + uncompiled.length === folder.files.filter(isCode).length) {
        const mains = programs.length > 0 ? `${programs.join(', ')} define main` : '';
        explained.push({
          folder: folder.relative,
          role: 'left-out',
          detail:
            uncompiled.length === 0
              ? `only programs (${mains}); nothing for an instance library`
              : `only programs or files the compiler refuses here (${[mains, ...uncompiled].filter((s) => s !== '').join('; ')}); nothing for an instance library as it is`,
        });
        continue;
      }
      const reason =
        api === 'hash'
          ? 'no header of its own defining ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH, so no CryptHash instance to measure, and no instance needs its sources; add it to candidate.json "instances" with a "katName" and "digestBits" to measure it'
          : `no ${words.header.replace(/^an? /, '')}, so no instance to measure, and no instance needs its sources; ${words.add}`;
      unmeasured.push({ folder: folder.relative, version, katName: null, status: 'not-measurable', reason });
      explained.push({ folder: folder.relative, role: 'left-out', detail: reason });
    }
    instances = nameInstances(found);
    suggestions = await suggestFolderInstances(
      root,
      leftOutCode,
      instances,
      packageHeaders.map((h) => h.file),
      readerFor,
    );
  } finally {
    for (const reader of readers.values()) await (await reader).close();
  }
  // a folder whose code defines CryptHash once the headers it lacks are supplied is an instance the
  // package leaves unbuildable as shipped: not measured, so `run` lists it and exits 3
  for (const [folder, suggestion] of suggestions) {
    if (!suggestion.definesCryptHash || unmeasured.some((u) => u.folder === folder)) continue;
    const headers = suggestion.missingHeaders.map((m) => m.header);
    const reason =
      `no header of its own defining ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH, and its code defines CryptHash only once ${headers.join(', ')} ${headers.length === 1 ? 'is' : 'are'} supplied ` +
      '(the folder lacks them); "ngcc-perf init" prints what to copy and the candidate.json line that measures it';
    const version = leftOutCode.find((l) => l.folder === folder)!.version.label;
    unmeasured.push({ folder, version, katName: suggestion.twin?.katName ?? null, status: 'not-measurable', reason });
  }
  const entry = findCatalogEntry(options.catalog, packageName);
  return {
    packageName,
    directory: root,
    id: entry?.id ?? derivedCandidateId(packageName),
    algorithm: entry?.officialName ?? packageName,
    catalogued: entry !== null,
    instances,
    unmeasured,
    api,
    folders: [
      ...instances.map((i): FolderExplanation => ({
        folder: i.folder,
        role: 'instance',
        detail: `measured as ${i.name} (${i.katName}, ${i.digestBits === null ? i.category : `${i.digestBits} bits`}, ${i.version.label}) from ${i.sources.length} source${i.sources.length === 1 ? '' : 's'}`,
      })),
      ...explained.map((f) => (suggestions.has(f.folder) ? { ...f, suggestion: suggestions.get(f.folder)! } : f)),
    ].sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0)),
    versions: [...new Set(instances.map((i) => i.version.label))],
  };
}
