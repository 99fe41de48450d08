import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFailureReason, writeFileAtomic } from '@ngcc-perf/atomic-file';
import { hashReferenceKatFiles } from './hash-reference-kat-files.js';
import { KatError } from './kat-error.js';
import { updateManifestText, type NewManifestEntry } from './update-manifest.js';

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
 * blank `_Len =` values; the ICCS KAT rules) and adds or replaces their lines in the manifest, sorted by
 * path. The existing manifest must parse; the new one is written atomically.
 * @returns the entries written
 * @throws `KatError` `INVALID_ARGUMENT` for a label that leaves the candidate folder (`..`,
 *   absolute, `\`), `NO_REFERENCE_FILES` when no KAT file of the instance is found,
 *   `KAT_FILE_UNREADABLE`, `MANIFEST_*` for a malformed existing manifest, `OUTPUT_UNWRITABLE`
 *   when the manifest cannot be written (the old one is then left as it was)
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
  const text = updateManifestText(existing, options.manifestPath, entries);
  const target = path.resolve(options.manifestPath);
  try {
    await writeFileAtomic(target, text);
  } catch (error) {
    throw new KatError(
      'OUTPUT_UNWRITABLE',
      `cannot write ${target}: ${writeFailureReason(error)}. Free space (or make the folder writable), then run the same command again.`,
      { cause: error },
    );
  }
  return entries;
}
