import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { KatError } from '../kat-error.js';
import { parseManifest, type KatManifest } from '../parse-manifest.js';

/** Reads and parses a manifest given as a path; passes a parsed one through. */
export async function loadManifest(manifest: KatManifest | string | undefined): Promise<KatManifest | null> {
  if (manifest === undefined) return null;
  if (typeof manifest !== 'string') return manifest;
  let text: string;
  try {
    text = await readFile(manifest, 'utf8');
  } catch (error) {
    throw new KatError(
      'MANIFEST_UNREADABLE',
      `Cannot read manifest ${manifest}: ${(error as Error).message}. Check the candidate's "manifest" path, or regenerate it with \`ngcc-perf kat --write-manifest\`.`,
      { cause: error },
    );
  }
  return parseManifest(text, manifest);
}

/** Throws `KAT_FILE_UNREADABLE` unless `katDir` is an existing folder. */
export async function checkKatDir(katDir: string | undefined): Promise<void> {
  if (katDir === undefined) return;
  let folder: boolean;
  try {
    folder = (await stat(katDir)).isDirectory();
  } catch (error) {
    throw new KatError(
      'KAT_FILE_UNREADABLE',
      `The folder of submitted KAT files ${katDir} does not exist (${(error as Error).message}). Check the --kat-dir path.`,
      { cause: error },
    );
  }
  if (!folder)
    throw new KatError(
      'KAT_FILE_UNREADABLE',
      `${katDir} is a file, not the folder of submitted KAT files. Pass the folder that holds KAT_2_12_<name>.txt.`,
    );
}

/** The submitted KAT file `<katDir>/<file>`: its path and text, or null when it does not exist. */
export async function loadSubmittedKat(
  katDir: string | undefined,
  file: string,
): Promise<{ path: string; text: string } | null> {
  if (katDir === undefined) return null;
  const filePath = path.join(katDir, file);
  try {
    return { path: filePath, text: await readFile(filePath, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new KatError(
      'KAT_FILE_UNREADABLE',
      `Cannot read submitted KAT file ${filePath}: ${(error as Error).message}. Fix its permissions or remove it.`,
      { cause: error },
    );
  }
}
