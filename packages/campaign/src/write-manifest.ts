import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashReferenceKatFiles, updateManifestText, type NewManifestEntry } from '@ngcc-perf/kat';
import { writeFileAtomic } from './run-directory.js';

/** Options of {@link writeManifestFromKatFiles}. */
export interface WriteManifestOptions {
  /** The manifest to create or update. */
  manifestPath: string;
  /** Folder holding the reference KAT files (`KAT_2_12_<name>.txt`, …, `KAT_Loop_<name>.txt`). */
  katDirectory: string;
  /** Instance name: only `KAT_<kind>_<name>.txt` files are hashed. */
  name: string;
  /** Manifest label (the `<label>/` part); it must name a folder inside the candidate folder. */
  label: string;
}

/**
 * Hashes the reference KAT files of one instance (`strict`, or `nolen` for template files with
 * blank `_Len =` values; SPEC §4) and adds or replaces their lines in the manifest, sorted by
 * path. The existing manifest must parse; the new one is written atomically.
 * @returns the entries written
 * @throws `KatError` `INVALID_ARGUMENT` for a label that leaves the candidate folder (`..`,
 *   absolute, `\`), `NO_REFERENCE_FILES` when no KAT file of the instance is found,
 *   `KAT_FILE_UNREADABLE`, `MANIFEST_*` for a malformed existing manifest
 * @example
 * await writeManifestFromKatFiles({ manifestPath: 'hash-15/kat.sha256', katDirectory: 'hash-15/Test_Vectors', name: 'litchi_512', label: 'litchi_512' });
 */
export async function writeManifestFromKatFiles(options: WriteManifestOptions): Promise<NewManifestEntry[]> {
  const entries = await hashReferenceKatFiles({
    katDir: options.katDirectory,
    name: options.name,
    label: options.label,
  });
  const existing = existsSync(options.manifestPath) ? await readFile(options.manifestPath, 'utf8') : null;
  await writeFileAtomic(
    path.resolve(options.manifestPath),
    updateManifestText(existing, options.manifestPath, entries),
  );
  return entries;
}
