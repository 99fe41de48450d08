import type { KatManifestEntry } from './parse-manifest.js';

/**
 * Writes one `kat.sha256` line (without `\n`) in the form {@link parseManifest} reads:
 * `<digest> <mode>[:N] [<label>/]<file>` (the ICCS KAT rules "Manifest"). Used to regenerate manifests.
 *
 * @param entry - the digest, mode, optional record limit, optional label and file name
 * @returns the manifest line
 * @example
 * ```ts
 * formatManifestLine({ digest: file.canonicalSha256, mode: 'strict', label: 'sm3', file: 'KAT_2_12_sm3.txt' });
 * // '<64 hex> strict sm3/KAT_2_12_sm3.txt'
 * ```
 */
export function formatManifestLine(entry: Omit<KatManifestEntry, 'line'>): string {
  const mode = entry.recordLimit === undefined ? entry.mode : `${entry.mode}:${entry.recordLimit}`;
  const path = entry.label === undefined ? entry.file : `${entry.label}/${entry.file}`;
  return `${entry.digest} ${mode} ${path}`;
}
