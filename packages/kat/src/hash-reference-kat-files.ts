import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalDigest } from './canonical-digest.js';
import { upperCaseHexValues } from './internal/kat-hex-fields.js';
import { manifestPathProblem } from './internal/manifest-path.js';
import { KatError } from './kat-error.js';
import { ALL_KAT_FILES, katFileName } from './kat-messages.js';
import type { NewManifestEntry } from './update-manifest.js';

/** Options of {@link hashReferenceKatFiles}. */
export interface HashReferenceKatFilesOptions {
  /** Folder holding the reference KAT files (`KAT_2_12_<name>.txt`, …). */
  katDir: string;
  /** Instance name: `KAT_2_12_<name>.txt`, `KAT_2_23_…`, `KAT_2_33_…`, `KAT_Loop_…` are hashed when present. */
  name: string;
  /** The `<label>/` part of the manifest lines (usually the instance name); omit for bare file names. */
  label?: string;
}

/** True when a `*_Len` line has no value (a template file written with OUTPUT_BLANK_TEST_VECTORS). */
function hasBlankLength(text: string): boolean {
  return /^[ \t]*[A-Za-z0-9_]*_Len[ \t]*=[ \t\r]*$/m.test(text);
}

/**
 * Hashes the reference KAT files of one instance for a `kat.sha256` manifest (the ICCS KAT rules): the SHA-256
 * of each file's canonical form, in mode `nolen` when the file has blank `_Len =` values (a
 * template file), else `strict`. Hex values (`Msg`, `Dst`, `Msg_Seed`, `Msg_Exp`) are hashed in
 * upper case, as the generator writes them, so a submitted file with lower-case or mixed-case hex
 * gives the digest its library's generated file has (the record-by-record check ignores hex case
 * too); an upper-case file's digest is unchanged. Pass the result to {@link updateManifestText} to add or replace
 * the lines. A label that would make the entry point outside the candidate folder is refused.
 *
 * @param options - the folder, the instance name and the label
 * @returns one entry per reference file found, in the ICCS KAT rules file order
 * @throws {KatError} `INVALID_ARGUMENT` (label or name escapes the candidate folder),
 *   `KAT_FILE_UNREADABLE` (folder or file unreadable), `NO_REFERENCE_FILES` (none found)
 * @example
 * ```ts
 * const entries = await hashReferenceKatFiles({ katDir: 'hash-15/Test_Vectors', name: 'litchi_512', label: 'litchi_512' });
 * writeFileSync('hash-15/kat.sha256', updateManifestText(existing, 'hash-15/kat.sha256', entries));
 * ```
 */
export async function hashReferenceKatFiles(options: HashReferenceKatFilesOptions): Promise<NewManifestEntry[]> {
  const { katDir, name, label } = options;
  const problem = manifestPathProblem(label, katFileName('KAT_2_12', name));
  if (problem !== null || !/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
    throw new KatError(
      'INVALID_ARGUMENT',
      `Cannot write manifest lines for label ${JSON.stringify(label)} and name ${JSON.stringify(name)}: ${problem ?? 'the name may hold only letters, digits, "-" and "_"'}. Use a label that names a folder inside the candidate folder.`,
    );
  }
  let present: Set<string>;
  try {
    present = new Set(await readdir(katDir));
  } catch (error) {
    throw new KatError(
      'KAT_FILE_UNREADABLE',
      `Cannot list the reference KAT folder ${katDir}: ${(error as Error).message}. Check the --kat-dir path.`,
      { cause: error },
    );
  }
  const entries: NewManifestEntry[] = [];
  for (const kind of ALL_KAT_FILES) {
    const file = katFileName(kind, name);
    if (!present.has(file)) continue;
    let text: string;
    try {
      text = await readFile(path.join(katDir, file), 'utf8');
    } catch (error) {
      throw new KatError(
        'KAT_FILE_UNREADABLE',
        `Cannot read reference KAT file ${path.join(katDir, file)}: ${(error as Error).message}.`,
        { cause: error },
      );
    }
    const mode = hasBlankLength(text) ? 'nolen' : 'strict';
    // Hex case is not content: the digest is that of the file with upper-case hex, as generated.
    const entry: NewManifestEntry = { digest: canonicalDigest(upperCaseHexValues(text), { mode }), mode, file };
    if (label !== undefined) entry.label = label;
    entries.push(entry);
  }
  if (entries.length === 0) {
    throw new KatError(
      'NO_REFERENCE_FILES',
      `${katDir}: no reference KAT file of instance ${name} (${ALL_KAT_FILES.map((kind) => katFileName(kind, name)).join(', ')}). Generate them with --out-dir, or point --kat-dir at the reference files.`,
    );
  }
  return entries;
}
