import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalDigest, updateManifestText, type NewManifestEntry } from '@ngcc-perf/kat';
import { CliError } from './cli-error.js';
import { writeFileAtomic } from './run-directory.js';

/** Options of {@link writeManifestFromKatFiles}. */
export interface WriteManifestOptions {
  /** The manifest to create or update. */
  manifestPath: string;
  /** Folder holding the reference KAT files (`KAT_2_12_<name>.txt`, …). */
  katDirectory: string;
  /** Instance name: only `KAT_<kind>_<name>.txt` files are hashed. */
  name: string;
  /** Manifest label (the `<label>/` part); must be one path segment. */
  label: string;
}

/**
 * Hashes the reference KAT files of one instance (strict canonical form, SPEC §4) and adds or
 * replaces their lines in the manifest, sorted by path.
 * @returns the entries written
 * @throws {@link CliError} `USAGE` for a label that is not one path segment or when no KAT file
 *   of the instance is found
 */
export async function writeManifestFromKatFiles(options: WriteManifestOptions): Promise<NewManifestEntry[]> {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(options.label) || options.label.includes('..')) {
    throw new CliError('USAGE', `--label "${options.label}" must be one path segment (letters, digits, "_", "." or "-"); a manifest path may not leave the candidate folder.`);
  }
  const pattern = new RegExp(`^KAT_(2_12|2_23|2_33|Loop)_${options.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.txt$`);
  const files = (await readdir(options.katDirectory)).filter((f) => pattern.test(f)).sort();
  if (files.length === 0) {
    throw new CliError('USAGE', `${options.katDirectory}: no KAT_*_${options.name}.txt file to hash. Generate them with --out-dir, or point --kat-dir at the reference files.`);
  }
  const entries: NewManifestEntry[] = [];
  for (const file of files) {
    const text = await readFile(path.join(options.katDirectory, file), 'utf8');
    entries.push({ digest: canonicalDigest(text, { mode: 'strict' }), mode: 'strict', label: options.label, file });
  }
  const existing = existsSync(options.manifestPath) ? await readFile(options.manifestPath, 'utf8') : null;
  await writeFileAtomic(path.resolve(options.manifestPath), updateManifestText(existing, options.manifestPath, entries));
  return entries;
}
