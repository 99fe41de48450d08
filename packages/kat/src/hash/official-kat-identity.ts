import { readFile } from 'node:fs/promises';
import type { KatIdentity } from '@ngcc-perf/record';
import { findManifestEntryByDigest } from '../find-manifest-entry.js';
import type { KatFileResult } from '../kat-result.js';
import { parseManifest, type KatManifest } from '../parse-manifest.js';

/** One official manifest of the catalog, with the names that identify its candidate. */
export interface OfficialManifest {
  /** `hash-NN`. */
  id: string;
  officialName: string;
  /** The package folder name that names the candidate (its archive's name without `.zip`). */
  packageName: string;
  manifest: KatManifest;
}

/**
 * The official manifests of a catalog (the hash catalog's `<id>.kat.sha256` files, each with the
 * names that identify its candidate), parsed; an entry without a file (`file: null`) is left out.
 * @throws {@link KatError} from `parseManifest` when a bundled manifest is malformed (a broken install).
 * @example
 * (await readOfficialManifests([{ id: 'hash-15', officialName: 'Litchi', packageName: 'Litchi', file }])).length; // 1
 */
export async function readOfficialManifests(
  entries: readonly (Omit<OfficialManifest, 'manifest'> & { file: string | null })[],
): Promise<OfficialManifest[]> {
  const out: OfficialManifest[] = [];
  for (const { file, ...names } of entries) {
    if (file !== null) out.push({ ...names, manifest: parseManifest(await readFile(file, 'utf8'), file) });
  }
  return out;
}

/**
 * Recognises generated KAT files by their digests alone: every official manifest holding an entry of
 * the same KAT kind whose strict canonical digest equals a file's (`findManifestEntryByDigest`),
 * most files matched first. The one that matched more files than any other judges the verdict
 * (`judgedBy`, with its manifest); a tie judges nothing. Null when no manifest holds any digest.
 * @example
 * const { identity, manifest } = identifyByKatDigests(kat.files, official);
 * identity?.judgedBy; // 'hash-15'
 */
export function identifyByKatDigests(
  files: readonly Pick<KatFileResult, 'file' | 'canonicalSha256' | 'testSizes'>[],
  official: readonly OfficialManifest[],
): { identity: KatIdentity | null; manifest: KatManifest | null } {
  const matched = official
    .map((o) => ({
      official: o,
      files: files.filter((f) => !f.testSizes && findManifestEntryByDigest(o.manifest, f.file, f.canonicalSha256))
        .length,
    }))
    .filter((m) => m.files > 0)
    .sort((a, b) => b.files - a.files || (a.official.id < b.official.id ? -1 : 1));
  if (matched.length === 0) return { identity: null, manifest: null };
  const unique = matched.length === 1 || matched[0]!.files > matched[1]!.files;
  return {
    identity: {
      candidates: matched.map((m) => ({
        id: m.official.id,
        officialName: m.official.officialName,
        packageName: m.official.packageName,
        files: m.files,
      })),
      judgedBy: unique ? matched[0]!.official.id : null,
    },
    manifest: unique ? matched[0]!.official.manifest : null,
  };
}

/**
 * One sentence on a KAT identity for the console, build.json's `katDetail` and the pages.
 * @example
 * describeKatIdentity(identity); // 'its KAT files' digests are those of hash-15 (Litchi)'s official manifest, …'
 */
export function describeKatIdentity(identity: KatIdentity): string {
  const named = (c: KatIdentity['candidates'][number]) =>
    `${c.id} (${c.officialName}; folder "${c.packageName}" or "${c.packageName}.zip")`;
  if (identity.judgedBy !== null) {
    const c = identity.candidates[0]!;
    return `its generated KAT files' digests are in the official manifest of ${named(c)}, which judged them; under that folder name it would have run as ${c.id}`;
  }
  return `its generated KAT files' digests are in the official manifests of ${identity.candidates.map(named).join(', ')} alike, so none judged them; name the folder as the package is named, or give candidate.json "bundledManifest"`;
}
