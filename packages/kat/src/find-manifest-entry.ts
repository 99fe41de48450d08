import type { KatManifest, KatManifestEntry } from './parse-manifest.js';

/**
 * Finds the manifest entry for a KAT file: first the entry written `<label>/<file>`, then an
 * entry written as the bare `<file>` (SPEC §4; docs/CANDIDATE.md "manifest"). An entry with a
 * different label never matches.
 *
 * @param manifest - a parsed manifest
 * @param label - the label to look for (usually the instance name)
 * @param file - the KAT file name, e.g. `KAT_2_12_litchi_512.txt`
 * @returns the entry, or `undefined` when the manifest has none for this file
 * @example
 * ```ts
 * const entry = findManifestEntry(manifest, 'litchi_512', 'KAT_2_12_litchi_512.txt');
 * entry?.digest; // '24bdb557…'
 * ```
 */
export function findManifestEntry(manifest: KatManifest, label: string, file: string): KatManifestEntry | undefined {
  return (
    manifest.entries.find((entry) => entry.label === label && entry.file === file) ??
    manifest.entries.find((entry) => entry.label === undefined && entry.file === file)
  );
}
