import type { KatManifest, KatManifestEntry } from './parse-manifest.js';

/**
 * Finds the manifest entry for a KAT file: first the entry written `<label>/<file>`, then an
 * entry written as the bare `<file>` (the ICCS KAT rules; @ngcc-perf/intake/docs/CANDIDATE.md "manifest"). An entry with a
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

const KIND = /^(KAT_(?:2_12|2_23|2_33|Loop))_(.*)\.txt$/;

/** Lower-case with `-`, `_`, `.` and spaces removed: `X_256`, `x-256` and `X 256` are one spelling. */
function spelling(text: string): string {
  return text.toLowerCase().replace(/[-_.\s]+/g, '');
}

/**
 * The KAT kind of a KAT file name (`KAT_2_12`, `KAT_2_23`, `KAT_2_33`, `KAT_Loop`), or null.
 * @example
 * katKindOf('KAT_2_12_X-256.txt'); // 'KAT_2_12'
 */
export function katKindOf(file: string): string | null {
  return KIND.exec(file)?.[1] ?? null;
}

/**
 * Finds the manifest entry of the same KAT kind whose digest equals a generated file's canonical
 * digest (strict mode, whole file), whatever its label is spelled: the digests, not the names,
 * say which official entry a file reproduces.
 * @param canonicalSha256 - the generated file's strict canonical digest
 * @example
 * findManifestEntryByDigest(manifest, 'KAT_2_12_X_256.txt', digest)?.label; // 'X-256'
 */
export function findManifestEntryByDigest(
  manifest: KatManifest,
  file: string,
  canonicalSha256: string,
): KatManifestEntry | undefined {
  const kind = katKindOf(file);
  if (kind === null) return undefined;
  return manifest.entries.find(
    (entry) =>
      katKindOf(entry.file) === kind &&
      entry.mode === 'strict' &&
      entry.recordLimit === undefined &&
      entry.digest === canonicalSha256,
  );
}

/**
 * Finds the manifest entry of the same KAT kind whose label (or, for a bare entry, whose file's
 * instance part) is `label` spelled another way: case, `-`, `_` and `.` ignored (`X_256` finds
 * `X-256/KAT_2_12_X-256.txt`). Null when none or several do.
 * @example
 * findManifestEntryBySpelling(manifest, 'x_256', 'KAT_2_23_x_256.txt')?.label; // 'X-256'
 */
export function findManifestEntryBySpelling(
  manifest: KatManifest,
  label: string,
  file: string,
): KatManifestEntry | undefined {
  const kind = katKindOf(file);
  if (kind === null) return undefined;
  const wanted = spelling(label);
  const found = manifest.entries.filter(
    (entry) => katKindOf(entry.file) === kind && spelling(entry.label ?? KIND.exec(entry.file)?.[2] ?? '') === wanted,
  );
  return found.length === 1 ? found[0] : undefined;
}
