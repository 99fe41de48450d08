import { formatManifestLine } from './format-manifest-line.js';
import { parseManifest, type KatManifestEntry } from './parse-manifest.js';

/** An entry to add to a manifest (no line number yet). */
export type NewManifestEntry = Omit<KatManifestEntry, 'line'>;

function entryPath(entry: NewManifestEntry): string {
  return entry.label === undefined ? entry.file : `${entry.label}/${entry.file}`;
}

/**
 * Adds entries to a `kat.sha256` manifest, replacing any entry with the same `<label>/<file>`
 * path, and returns the new text: one line per entry, sorted by path, LF line ends.
 * Comment lines of the old manifest are not kept (the manifest is data, the ICCS KAT rules).
 * @param existingText - the current manifest, or null when there is none
 * @param sourceName - its file name, for error messages
 * @throws `KatError` (`MANIFEST_*`) when the existing manifest is malformed
 * @example
 * const text = updateManifestText(null, 'kat.sha256', [{ digest, mode: 'strict', label: 'sm3', file: 'KAT_2_12_sm3.txt' }]);
 */
export function updateManifestText(
  existingText: string | null,
  sourceName: string,
  entries: readonly NewManifestEntry[],
): string {
  const byPath = new Map<string, NewManifestEntry>();
  if (existingText !== null) {
    for (const entry of parseManifest(existingText, sourceName).entries) byPath.set(entryPath(entry), entry);
  }
  for (const entry of entries) byPath.set(entryPath(entry), entry);
  const paths = [...byPath.keys()].sort();
  return paths.map((p) => `${formatManifestLine(byPath.get(p)!)}\n`).join('');
}
