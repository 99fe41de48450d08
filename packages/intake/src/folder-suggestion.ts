import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BuildProfile } from '@ngcc-perf/native';
import type { DiscoveredInstance, FolderSuggestion } from './discovery-types.js';
import {
  instanceNameBase,
  uniqueInstanceName,
  versionSlug,
  type ImplementationVersion,
} from './implementation-version.js';
import type { SymbolReader } from './object-symbols.js';

/** A folder with code but no instance of its own, as discovery left it out. */
export interface LeftOutCode {
  /** Folder relative to the package (`/`-separated). */
  folder: string;
  version: ImplementationVersion;
  /** Its code files that are not programs (no `main` in their objects, or not compiled), relative to the package. */
  sources: string[];
  /** Headers gcc could not find when it compiled them with the folder as include path. */
  missingHeaders: string[];
}

/** Rounds of "supply the missing header, compile again" before giving up on a folder. */
const MAX_ROUNDS = 4;

const normal = (name: string) => name.toLowerCase().replace(/[-_ ]+/g, '-');

/**
 * The instance a left-out folder's code is taken to implement: an instance of the package whose
 * folder has the same name or whose `ALGORITHM_INSTANCE` is the folder's name (`-`/`_`/case aside),
 * the reference version first, one whose header is a header the folder's sources miss before others.
 */
function twinOf(left: LeftOutCode, instances: readonly DiscoveredInstance[]): DiscoveredInstance | null {
  const wanted = normal(path.posix.basename(left.folder));
  const matching = instances.filter(
    (i) =>
      i.folder !== left.folder && (normal(path.posix.basename(i.folder)) === wanted || normal(i.katName) === wanted),
  );
  const rank = (i: DiscoveredInstance) =>
    (i.version.variant === 'reference' ? 0 : 2) + (left.missingHeaders.includes(path.posix.basename(i.header)) ? 0 : 1);
  return [...matching].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** A name unique among `used`: the twin's instance name with the folder's version slug, as discovery names other versions. */
function uniqueName(twin: DiscoveredInstance, version: ImplementationVersion, used: Set<string>): string {
  return uniqueInstanceName(`${instanceNameBase(twin.katName)}.${versionSlug(version.label) || 'other'}`, used);
}

/**
 * Compiles the folder's sources as they would be once the headers found so far are copied into
 * it (the folder, then a scratch folder holding those copies, as include path) until gcc misses no
 * header the package holds (at most {@link MAX_ROUNDS} rounds); returns each missing header with
 * the package file to copy, whether an object defines CryptHash and what the linker leaves undefined.
 */
async function supplyHeaders(
  root: string,
  left: LeftOutCode,
  twin: DiscoveredInstance | null,
  packageHeaders: readonly string[],
  reader: SymbolReader,
): Promise<{
  missing: FolderSuggestion['missingHeaders'];
  undefinedSymbols: string[];
  definesCryptHash: boolean;
  /** The folder's sources less the programs (objects defining main) once the headers are there. */
  sources: string[];
}> {
  const missing: FolderSuggestion['missingHeaders'] = [];
  const pending = [...new Set(left.missingHeaders)];
  const scratch = await mkdtemp(path.join(tmpdir(), 'ngcc-perf-headers-'));
  try {
    let includes = [path.join(root, left.folder)];
    for (let round = 0; pending.length > 0; round += 1) {
      for (const header of pending.splice(0)) {
        if (missing.some((m) => m.header === header)) continue;
        const fromPackage =
          packageHeaders.find((h) => twin !== null && h === `${twin.folder}/${header}`) ??
          packageHeaders.find((h) => path.posix.basename(h) === header);
        missing.push({ header, copyFrom: fromPackage ?? null });
      }
      if (round === MAX_ROUNDS || missing.some((m) => m.copyFrom === null))
        return { missing, undefinedSymbols: [], definesCryptHash: false, sources: left.sources };
      // a new folder each round: the reader keeps what it compiled per include path
      const copies = path.join(scratch, String(round));
      await mkdir(copies);
      for (const m of missing) await copyFile(path.join(root, m.copyFrom!), path.join(copies, m.header));
      includes = [path.join(root, left.folder), copies];
      for (const source of left.sources) {
        const symbols = await reader.read(path.join(root, source), includes);
        if (symbols.missingHeader !== null) pending.push(symbols.missingHeader);
      }
    }
    // a program (a test or benchmark main) could not show its main before its headers were there:
    // compiled now, it is left out as discovery leaves out every program
    const read = await Promise.all(left.sources.map((s) => reader.read(path.join(root, s), includes)));
    const sources = left.sources.filter((_, i) => !read[i]!.defined.includes('main'));
    const files = sources.map((s) => path.join(root, s));
    const definesCryptHash = read.some((r) => r.defined.includes('CryptHash') && !r.defined.includes('main'));
    const undefinedSymbols = definesCryptHash ? await reader.undefinedAtLink(files, () => includes) : [];
    return { missing, undefinedSymbols, definesCryptHash, sources };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * What would measure each folder discovery left out although it holds code (no instance header of
 * its own): the instance it is taken to implement (its twin, see {@link twinOf}: its digest length
 * and its `katName`, so its KATs are judged by the twin's official digests), the headers its
 * sources include but the folder lacks (found by compiling them: gcc's "No such file or
 * directory") with the package file to copy, and the candidate.json `instances` entry — a name
 * unique in the candidate (the twin's with the folder's version slug), `variant` and `version`
 * from its path — that builds once those headers are copied into the folder. The entry is null
 * when no twin gives its digest length, a header is nowhere in the package, no object defines
 * CryptHash, or the linker leaves symbols undefined (each said in the suggestion).
 * @param root - the package folder (absolute)
 * @param packageHeaders - every header of the package, relative to it
 * @param readerFor - discovery's symbol reader of each build profile (a source it compiled with the same include path is not compiled again)
 * @example
 * const [s] = await suggestFolderInstances(root, [left], found.instances, headers, readerFor);
 * s.instance?.name; // 'Dragon-768.optimized'
 */
export async function suggestFolderInstances(
  root: string,
  leftOut: readonly LeftOutCode[],
  instances: readonly DiscoveredInstance[],
  packageHeaders: readonly string[],
  readerFor: (profile: BuildProfile) => Promise<SymbolReader>,
): Promise<Map<string, FolderSuggestion>> {
  const suggestions = new Map<string, FolderSuggestion>();
  const used = new Set(instances.map((i) => i.name));
  for (const left of leftOut.filter((l) => l.sources.length > 0)) {
    const variant = left.version.variant;
    const twin = twinOf(left, instances);
    const supplied = await supplyHeaders(root, left, twin, packageHeaders, await readerFor(variant));
    const buildable =
      twin !== null &&
      twin.digestBits !== null &&
      supplied.definesCryptHash &&
      supplied.undefinedSymbols.length === 0 &&
      supplied.missing.every((m) => m.copyFrom !== null);
    suggestions.set(left.folder, {
      twin: twin === null ? null : { name: twin.name, katName: twin.katName, folder: twin.folder },
      missingHeaders: supplied.missing,
      definesCryptHash: supplied.definesCryptHash,
      undefinedSymbols: supplied.undefinedSymbols,
      instance: !buildable
        ? null
        : {
            name: uniqueName(twin, left.version, used),
            digestBits: twin.digestBits!,
            katName: twin.katName,
            variant,
            version: left.version.label,
            sources: supplied.sources,
            includeDirs: [left.folder],
          },
    });
  }
  return suggestions;
}
