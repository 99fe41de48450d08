import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { objectUsesSymbols } from './drng-symbol-use.js';
import { definedFunctions, definesMain, readInstanceMacros, usesAny, type InstanceMacros } from './c-source-text.js';
import type { DiscoveredInstance, DiscoveredPackage, ExcludedSource, UnmeasuredFolder } from './discovery-types.js';
import { derivedCandidateId, findCatalogEntry, type HashCatalog } from './hash-catalog.js';
import { isaSkipReason, readHostIsa, type HostIsa } from './host-isa-support.js';
import { implementationVersion, type ImplementationVersion } from './implementation-version.js';
import { walkPackage, type PackageFolder } from './walk-package.js';

/** Options of {@link discoverPackage}. */
export interface DiscoverPackageOptions {
  /** The catalog that names candidates (the bundled one by default, see `readBundledCatalog`). */
  catalog: HashCatalog;
  /** Package name when it is not the folder's (an extracted `C Hash.zip` is `C Hash`). */
  packageName?: string;
  /** What the host can run; default {@link readHostIsa}. */
  host?: HostIsa;
}

const HEADER = /\.(h|hh|hpp)$/i;
const C_SOURCE = /\.(c|s)$/i;
const CXX_SOURCE = /\.(cc|cpp|cxx)$/i;
const HARDWARE = /\.(v|sv|vhd|vhdl)$/i;
const KAT_FILE = /^KAT_(2_12|2_23|2_33|Loop)_(.+)\.txt$/;
const DRNG_FILE = /^drng\.(c|cc|cpp)$/i;
const PREFERRED_HEADER = 'CryptHash_AlgorithmInstance.h';

const join = (folder: string, file: string) => (folder === '.' ? file : `${folder}/${file}`);
const isCode = (file: string) => C_SOURCE.test(file) || CXX_SOURCE.test(file);

async function instanceHeader(
  root: string,
  folder: PackageFolder,
): Promise<{ header: string; macros: InstanceMacros } | null> {
  const headers = folder.files
    .filter((f) => HEADER.test(f))
    .sort((a, b) => Number(b === PREFERRED_HEADER) - Number(a === PREFERRED_HEADER));
  for (const header of headers) {
    const macros = readInstanceMacros(await readFile(path.join(root, folder.relative, header), 'utf8'));
    if (macros !== null) return { header: join(folder.relative, header), macros };
  }
  return null;
}

/** Splits a folder's code into the library's sources and the files left out (main programs, an unused DRNG). */
async function selectSources(
  root: string,
  folder: PackageFolder,
): Promise<{ sources: string[]; excluded: ExcludedSource[] }> {
  const texts = new Map<string, string>();
  for (const file of folder.files.filter(isCode))
    texts.set(file, await readFile(path.join(root, folder.relative, file), 'utf8'));
  const excluded: ExcludedSource[] = [];
  const kept = [...texts.keys()].filter((file) => {
    if (!definesMain(texts.get(file)!)) return true;
    excluded.push({ file: join(folder.relative, file), reason: 'defines main' });
    return false;
  });
  const drngFiles = kept.filter((f) => DRNG_FILE.test(f));
  const algorithm = kept.filter((f) => !DRNG_FILE.test(f));
  const drngFunctions = drngFiles.flatMap((f) => definedFunctions(texts.get(f)!));
  let drngNeeded = false;
  for (const f of algorithm) {
    if (
      usesAny(texts.get(f)!, drngFunctions) &&
      (await objectUsesSymbols(path.join(root, folder.relative, f), drngFunctions))
    )
      drngNeeded = true;
  }
  if (!drngNeeded)
    for (const f of drngFiles)
      excluded.push({ file: join(folder.relative, f), reason: 'ICCS DRNG, not used by the algorithm' });
  const sources = (drngNeeded ? kept : algorithm).map((f) => join(folder.relative, f)).sort();
  return { sources, excluded: excluded.sort((a, b) => (a.file < b.file ? -1 : 1)) };
}

function segmentsOf(packageName: string, relative: string): string[] {
  return [packageName, ...(relative === '.' ? [] : relative.split('/'))];
}

/** Where a version stands among a package's versions: reference first, then optimized, then additional, then by label. */
function versionRank(version: ImplementationVersion): string {
  const head = version.label.toLowerCase();
  const rank = head.startsWith('reference') ? 0 : head.startsWith('optimi') ? 1 : 2;
  return `${rank}:${version.label}`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/_implementations?/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const natural = new Intl.Collator('en', { numeric: true });

/** Gives each instance a name unique in the candidate: the header's name for the first version, `<name>.<version>` for others. */
function nameInstances(found: Omit<DiscoveredInstance, 'name'>[]): DiscoveredInstance[] {
  const sorted = [...found].sort(
    (a, b) =>
      natural.compare(versionRank(a.version), versionRank(b.version)) ||
      a.digestBits - b.digestBits ||
      natural.compare(a.katName, b.katName) ||
      natural.compare(a.folder, b.folder),
  );
  const firstVersion = new Map<string, string>();
  const used = new Set<string>();
  return sorted.map((instance) => {
    const base = instance.katName.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'instance';
    const first = firstVersion.get(instance.katName) ?? instance.version.label;
    firstVersion.set(instance.katName, first);
    let name = first === instance.version.label ? base : `${base}.${slug(instance.version.label)}`;
    for (let n = 2; used.has(name); n += 1) name = `${name.replace(/-\d+$/, '')}-${n}`;
    used.add(name);
    return { name, ...instance };
  });
}

/**
 * Finds the instances of an official NGCC package by content: every folder (outside `Others/`)
 * with a header defining `ALGORITHM_INSTANCE` and `DIGEST_BIT_LENGTH` is one instance of one
 * implementation version; its sources are the folder's `.c`/`.S` (and `.cc`/`.cpp`) files minus
 * those defining `main` (the ICCS KAT generator, a submitter's test program) and minus the ICCS
 * DRNG `drng.c` unless the algorithm's own objects need its symbols (a file that names a DRNG
 * function is compiled and its undefined symbols read with `nm`). The version comes from the
 * path (`Reference_Implementation`, `Optimized_Implementation/AVX2`, a `-res` goal); a folder
 * written for an ISA the host cannot run is listed as skipped; a folder with code but no instance
 * header of its own is listed as not measurable through the CryptHash API (never completed from
 * another folder). The candidate id and official name come from the catalog, or `pkg-<name>`.
 * @param directory - the package folder (an extracted archive or an unpacked package)
 * @example
 * const found = await discoverPackage('submissions/Litchi', { catalog: readBundledCatalog() });
 * found.id; // 'hash-15'
 */
export async function discoverPackage(directory: string, options: DiscoverPackageOptions): Promise<DiscoveredPackage> {
  const root = path.resolve(directory);
  const packageName = options.packageName ?? path.basename(root);
  const host = options.host ?? readHostIsa();
  const folders = await walkPackage(root);
  const found: Omit<DiscoveredInstance, 'name'>[] = [];
  const unmeasured: UnmeasuredFolder[] = [];
  const katFiles = folders.flatMap((f) =>
    f.files
      .filter((file) => KAT_FILE.test(file))
      .map((file) => ({ file, path: join(f.relative, file), folder: f.relative })),
  );
  for (const folder of folders) {
    const version = implementationVersion(segmentsOf(packageName, folder.relative));
    const header = await instanceHeader(root, folder);
    const code = folder.files.filter(isCode);
    if (header === null) {
      const hardware = folder.files.some((f) => HARDWARE.test(f));
      if (hardware && code.length === 0) {
        unmeasured.push({
          folder: folder.relative,
          version: version.label,
          katName: null,
          status: 'not-measurable',
          reason: 'a hardware description (Verilog/VHDL), no C code for the CryptHash API',
        });
        continue;
      }
      if (code.length === 0) continue;
      const { sources } = await selectSources(root, folder);
      if (sources.length === 0) continue;
      unmeasured.push({
        folder: folder.relative,
        version: version.label,
        katName: null,
        status: 'not-measurable',
        reason:
          'no header of its own defining ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH, so no CryptHash instance to measure; files from another folder are never borrowed',
      });
      continue;
    }
    const { katName } = { katName: header.macros.instanceName };
    const skip = isaSkipReason(version.isa, host);
    if (skip !== null) {
      unmeasured.push({ folder: folder.relative, version: version.label, katName, status: 'skipped', reason: skip });
      continue;
    }
    const { sources, excluded } = await selectSources(root, folder);
    if (sources.length === 0) {
      unmeasured.push({
        folder: folder.relative,
        version: version.label,
        katName,
        status: 'not-measurable',
        reason: 'its instance header has no algorithm source beside it (only files defining main)',
      });
      continue;
    }
    const own = katFiles.filter((k) => KAT_FILE.exec(k.file)![2] === katName);
    const inFolder = own.filter((k) => k.folder === folder.relative || k.folder.startsWith(`${folder.relative}/`));
    found.push({
      katName,
      digestBits: header.macros.digestBits,
      folder: folder.relative,
      header: header.header,
      version,
      sources,
      cplusplus: sources.some((s) => CXX_SOURCE.test(s)),
      excluded,
      katFiles: [...new Map((inFolder.length > 0 ? inFolder : own).map((k) => [k.file, k.path])).values()].sort(),
    });
  }
  const instances = nameInstances(found);
  const entry = findCatalogEntry(options.catalog, packageName);
  return {
    packageName,
    directory: root,
    id: entry?.id ?? derivedCandidateId(packageName),
    algorithm: entry?.officialName ?? packageName,
    catalogued: entry !== null,
    instances,
    unmeasured,
    versions: [...new Set(instances.map((i) => i.version.label))],
  };
}
