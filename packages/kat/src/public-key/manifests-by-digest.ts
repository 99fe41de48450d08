// Which bundled public-key manifests hold the digests of KAT files a library wrote: how a
// public-key package is known by its digests whatever its folder is called (the digests decide,
// never the name).
import { readdir, readFile } from 'node:fs/promises';
import { canonicalDigest } from '../canonical-digest.js';
import type { KatManifest } from '../parse-manifest.js';
import { bundledPublicKeyDirectory, bundledPublicKeyManifest } from './bundled-manifests.js';

/** A generated KAT file: its name (`KAT_KEM_Amoeba128.txt`) and where it was written. */
export interface GeneratedKatFile {
  file: string;
  path: string;
}

/** A bundled manifest that holds some of the files' digests. */
export interface ManifestByDigest {
  /** The candidate id of the manifest: `kem-02`. */
  id: string;
  manifest: KatManifest;
  /** How many of the files have an entry of the same file name and digest (in the entry's mode). */
  files: number;
}

/**
 * The bundled public-key manifests (`bundledPublicKeyManifest`) that hold the canonical digest of
 * at least one of `files`, each digest taken in the mode of the entry compared with (the ICCS
 * KAT rules: `strict`, `nolen`, `:N` record limits); most files matched first, then by id.
 * @param files - the KAT files an instance wrote
 * @returns the matching manifests, [] when none holds any
 * @throws {KatError} `MANIFEST_*` if a bundled manifest were malformed; a file that cannot be
 *   read rejects with the file system's error.
 * @example
 * (await publicKeyManifestsByDigest([{ file: 'KAT_KEM_Amoeba128.txt', path: 'kat/KAT_KEM_Amoeba128.txt' }]))[0]?.id; // 'kem-02'
 */
export async function publicKeyManifestsByDigest(files: readonly GeneratedKatFile[]): Promise<ManifestByDigest[]> {
  const texts = await Promise.all(files.map(async (file) => ({ ...file, text: await readFile(file.path, 'utf8') })));
  const ids = (await readdir(bundledPublicKeyDirectory()))
    .filter((name) => name.endsWith('.kat.sha256'))
    .map((name) => name.slice(0, -'.kat.sha256'.length))
    .sort();
  const found: ManifestByDigest[] = [];
  for (const id of ids) {
    const manifest = await bundledPublicKeyManifest(id);
    if (manifest === null) continue;
    const matched = texts.filter(({ file, text }) =>
      manifest.entries.some(
        (entry) =>
          entry.file === file &&
          entry.digest ===
            canonicalDigest(text, {
              mode: entry.mode,
              ...(entry.recordLimit === undefined ? {} : { recordLimit: entry.recordLimit }),
            }),
      ),
    ).length;
    if (matched > 0) found.push({ id, manifest, files: matched });
  }
  return found.sort((a, b) => b.files - a.files || a.id.localeCompare(b.id));
}
