import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadCandidate, resolveCandidate, type Candidate, type CandidateOrigin } from './candidate.js';
import { IntakeError } from './intake-error.js';
import { officialManifestPath, readBundledCatalog } from './bundled-catalog.js';
import { candidateDocument } from './candidate-document.js';
import { discoverPackage } from './discover-package.js';
import type { DiscoveredPackage } from './discovery-types.js';
import { extractZipArchive, sha256OfFile } from './extract-zip-archive.js';
import { findCatalogEntry, type HashCatalog } from './hash-catalog.js';
import { apiWords } from './package-api.js';
import type { HostIsa } from './host-isa-support.js';
import { packageRoot } from './walk-package.js';
import type { CategoryChoice } from './public-key-entry.js';

/** Options of {@link resolveRunInputs}. */
export interface ResolveRunInputsOptions {
  /** Where archives are extracted (`<run>/packages`); nothing is written anywhere else. */
  extractionDirectory: string;
  /** Default: the bundled catalog ({@link readBundledCatalog}). */
  catalog?: HashCatalog;
  host?: HostIsa;
  /** The public-key categories discovery may decide (see `DiscoverPackageOptions.categories`); default the built-in registry's. */
  categories?: readonly CategoryChoice[];
  /**
   * Packages (or archives) that yield no measurable instance are listed here with their reason and
   * the others are resolved; without it (`--strict`) the first such package is refused with
   * `PACKAGE_INVALID` / `ARCHIVE_UNSAFE`.
   */
  refused?: RefusedInput[];
}

/** An input that yields no measurable instance, listed (on the summary and in build.json) while the others run. */
export interface RefusedInput {
  /** The archive or folder as given (its name). */
  input: string;
  packageName: string;
  /** The candidate id the package would have had (catalog id or `pkg-<name>`), or null when it could not be read. */
  candidate: string | null;
  archive: string | null;
  archiveSha256: string | null;
  /** Why nothing of it is measured, and what would change that. */
  reason: string;
  /** Its folders not measured, as discovery lists them. */
  unmeasured: DiscoveredPackage['unmeasured'];
  /** What discovery made of each of its folders (empty when it could not be read). */
  folders: DiscoveredPackage['folders'];
}

/** One input resolved: the candidate and, for a package, what discovery found. */
export interface ResolvedInput {
  candidate: Candidate;
  discovered: DiscoveredPackage | null;
}

const IGNORED = /^(__MACOSX|\..*)$/;

/** Discoveries made while resolving one list of inputs (a folder is discovered once, not once per question). */
const discoveries = new WeakMap<ResolveRunInputsOptions, Map<string, Promise<DiscoveredPackage>>>();

function discoverOnce(directory: string, packageName: string, catalog: HashCatalog, options: ResolveRunInputsOptions) {
  if (!discoveries.has(options)) discoveries.set(options, new Map());
  const cache = discoveries.get(options)!;
  const key = `${path.resolve(directory)}\0${packageName}`;
  if (!cache.has(key))
    cache.set(
      key,
      discoverPackage(directory, {
        catalog,
        packageName,
        ...(options.host ? { host: options.host } : {}),
        ...(options.categories ? { categories: options.categories } : {}),
      }),
    );
  return cache.get(key)!;
}

async function extracted(
  archive: string,
  options: ResolveRunInputsOptions,
): Promise<{ directory: string; sha256: string }> {
  const name = path.basename(archive).replace(/\.zip$/i, '');
  const target = path.join(options.extractionDirectory, name);
  const marker = `${target}.zip.sha256`;
  const sha256 = await sha256OfFile(archive);
  if (existsSync(target) && existsSync(marker) && (await readFile(marker, 'utf8')).trim() === sha256)
    return { directory: target, sha256 };
  const result = await extractZipArchive(archive, target);
  await writeFile(marker, `${result.archiveSha256}\n`);
  return { directory: target, sha256: result.archiveSha256 };
}

async function fromPackage(
  directory: string,
  packageName: string,
  origin: CandidateOrigin,
  catalog: HashCatalog,
  options: ResolveRunInputsOptions,
): Promise<ResolvedInput | null> {
  const found = await discoverOnce(directory, packageName, catalog, options);
  if (found.instances.length === 0) {
    const unmeasured = found.unmeasured.map((u) => `${u.folder}: ${u.reason}`).join('; ');
    // instance headers whose every folder is not measured for a reason of its own: that reason is the fix
    const reason = found.unmeasured.some((u) => u.katName !== null)
      ? `no instance folder can be measured: ${unmeasured}`
      : found.api === 'hash'
        ? `no folder holds a header defining ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH whose sources link into a library defining CryptHash${unmeasured ? ` (${unmeasured})` : ''}. Write a candidate.json by hand (@ngcc-perf/intake/docs/CANDIDATE.md)`
        : `no folder holds ${apiWords(found.api ?? null).header.replace(/ of its own/, '')} whose sources link into ${apiWords(found.api ?? null).library}${unmeasured ? ` (${unmeasured})` : ''}. Write a candidate.json by hand (@ngcc-perf/intake/docs/CANDIDATE.md)`;
    if (options.refused === undefined) throw new IntakeError('PACKAGE_INVALID', `${directory}: ${reason}.`);
    options.refused.push({
      input: origin.archive ?? path.basename(directory),
      packageName,
      candidate: found.id,
      archive: origin.archive,
      archiveSha256: origin.archiveSha256,
      reason,
      unmeasured: found.unmeasured,
      folders: found.folders,
    });
    return null;
  }
  const manifest = officialManifestPath(catalog, found.id);
  let candidate: Candidate;
  try {
    candidate = await resolveCandidate(
      candidateDocument(found, manifest !== null),
      found.directory,
      `${directory} (discovered)`,
      {
        officialManifest: (id) => officialManifestPath(catalog, id),
        origin,
      },
    );
  } catch (error) {
    // what discovery made of a package is never a reason to stop the other packages
    if (options.refused === undefined || !(error instanceof IntakeError) || error.code !== 'CANDIDATE_INVALID')
      throw error;
    options.refused.push({
      input: origin.archive ?? path.basename(directory),
      packageName,
      candidate: found.id,
      archive: origin.archive,
      archiveSha256: origin.archiveSha256,
      reason: `discovery found instances that cannot be measured as found (${error.message.replace(/ Fix candidate\.json.*$/, '')}); write its candidate.json by hand (@ngcc-perf/intake/docs/CANDIDATE.md)`,
      unmeasured: found.unmeasured,
      folders: found.folders,
    });
    return null;
  }
  return { candidate, discovered: found };
}

/**
 * Whether the one folder inside `outer` (a folder or archive name) names the package where `outer`
 * does not: the catalog lists the inner folder's name and not the outer one's.
 */
function knownInside(catalog: HashCatalog, outer: string, inner: string): boolean {
  return (
    findCatalogEntry(catalog, path.basename(outer)) === null && findCatalogEntry(catalog, path.basename(inner)) !== null
  );
}

/** Whether a folder without candidate.json holds several inputs rather than being one package. */
async function isCollection(
  directory: string,
  catalog: HashCatalog,
  options: ResolveRunInputsOptions,
): Promise<boolean> {
  if (findCatalogEntry(catalog, path.basename(directory)) !== null) return false;
  const entries = (await readdir(directory, { withFileTypes: true })).filter((e) => !IGNORED.test(e.name));
  if (entries.some((e) => e.isFile() && /\.zip$/i.test(e.name))) return true;
  const folders = entries.filter((e) => e.isDirectory()).map((e) => path.join(directory, e.name));
  if (folders.some((f) => existsSync(path.join(f, 'candidate.json')))) return true;
  const names: Set<string>[] = [];
  for (const folder of folders) {
    const found = await discoverOnce(folder, path.basename(folder), catalog, options);
    // a package whose every instance header is unusable (a name with a space) is still a package
    const katNames = [...found.instances.map((i) => i.katName), ...found.unmeasured.flatMap((u) => u.katName ?? [])];
    if (katNames.length > 0) names.push(new Set(katNames));
  }
  return names.length >= 2 && names.every((a, i) => names.every((b, j) => i === j || [...a].every((n) => !b.has(n))));
}

async function resolveOne(
  input: string,
  catalog: HashCatalog,
  options: ResolveRunInputsOptions,
  out: ResolvedInput[],
): Promise<void> {
  const absolute = path.resolve(input);
  const info = await stat(absolute).catch((cause: unknown) => {
    throw new IntakeError(
      'CANDIDATE_NOT_FOUND',
      `${input}: cannot read it (${(cause as NodeJS.ErrnoException).code ?? String(cause)}). Pass a candidate folder, a package folder, a .zip archive or a folder of those.`,
      { cause },
    );
  });
  if (info.isFile()) {
    if (!/\.zip$/i.test(absolute))
      throw new IntakeError(
        'CANDIDATE_NOT_FOUND',
        `${input}: not a .zip archive or a folder. Pass a candidate folder, a package folder, a .zip archive or a folder of those.`,
      );
    const packageName = path.basename(absolute).replace(/\.zip$/i, '');
    let unpacked;
    try {
      unpacked = await extracted(absolute, options);
    } catch (error) {
      if (options.refused === undefined || !(error instanceof IntakeError) || error.code !== 'ARCHIVE_UNSAFE')
        throw error;
      options.refused.push({
        input: path.basename(absolute),
        packageName,
        candidate: null,
        archive: path.basename(absolute),
        archiveSha256: await sha256OfFile(absolute),
        reason: error.message,
        unmeasured: [],
        folders: [],
      });
      return;
    }
    const root = await packageRoot(unpacked.directory);
    // `submission-7.zip` holding `Litchi/` is the package Litchi: the one folder names it when the archive does not
    const named = knownInside(catalog, packageName, root) ? path.basename(root) : packageName;
    const resolved = await fromPackage(
      root,
      named,
      { packageName: named, archive: path.basename(absolute), archiveSha256: unpacked.sha256 },
      catalog,
      options,
    );
    if (resolved !== null) out.push(resolved);
    return;
  }
  if (existsSync(path.join(absolute, 'candidate.json'))) {
    out.push({
      candidate: await loadCandidate(absolute, { officialManifest: (id) => officialManifestPath(catalog, id) }),
      discovered: null,
    });
    return;
  }
  const inner = await packageRoot(absolute);
  if (inner !== absolute && knownInside(catalog, absolute, inner)) {
    // a folder holding one catalogued package and nothing else (`batch/Litchi/`) is that package
    await resolveOne(inner, catalog, options, out);
    return;
  }
  if (await isCollection(absolute, catalog, options)) {
    const entries = (await readdir(absolute, { withFileTypes: true }))
      .filter((e) => !IGNORED.test(e.name))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (entry.isDirectory() || (entry.isFile() && /\.zip$/i.test(entry.name)))
        await resolveOne(path.join(absolute, entry.name), catalog, options, out);
    }
    return;
  }
  const packageName = path.basename(absolute);
  const resolved = await fromPackage(
    absolute,
    packageName,
    { packageName, archive: null, archiveSha256: null },
    catalog,
    options,
  );
  if (resolved !== null) out.push(resolved);
}

/**
 * Turns `ngcc-perf run` / `init` arguments into candidates: a folder with a candidate.json is
 * loaded as it is; a `.zip` archive is extracted safely into `extractionDirectory` (reused when the
 * archive's SHA-256 is unchanged) and discovered; a package folder is discovered in place; a folder
 * of those (it holds archives or candidate folders, or several packages with distinct instances) is
 * taken entry by entry in name order. Discovered candidates get the bundled official manifest.
 * With `options.refused`, a package yielding no measurable instance (or an unsafe archive) is
 * listed there and the others are resolved; without it the first one is refused.
 * @throws {@link IntakeError} `CANDIDATE_NOT_FOUND`, `ARCHIVE_UNSAFE`, `PACKAGE_INVALID` (no instance
 *   found), `CANDIDATE_INVALID`, and `USAGE` when two inputs give the same candidate id.
 * @example
 * const inputs = await resolveRunInputs(['submissions/'], { extractionDirectory: 'runs/x86_1/packages' });
 */
export async function resolveRunInputs(
  inputs: readonly string[],
  options: ResolveRunInputsOptions,
): Promise<ResolvedInput[]> {
  const catalog = options.catalog ?? readBundledCatalog();
  const out: ResolvedInput[] = [];
  for (const input of inputs) await resolveOne(input, catalog, options, out);
  const seen = new Map<string, string>();
  for (const { candidate } of out) {
    const where = candidate.origin?.archive ?? candidate.directory;
    if (seen.has(candidate.id))
      throw new IntakeError(
        'USAGE',
        `candidate ${candidate.id} is given twice (${seen.get(candidate.id)} and ${where}). Pass each package once.`,
      );
    seen.set(candidate.id, where);
  }
  return out;
}
