import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** One folder of a package and the names of the files directly in it. */
export interface PackageFolder {
  /** Path relative to the package root, `/`-separated (`.` for the root). */
  relative: string;
  files: string[];
}

/** Folder names never searched: self-assessment material (copies, benchmark trees) and build output. */
const IGNORED_FOLDERS = /^(others|cmakefiles|__macosx|\..*)$/i;

/**
 * Every folder under `root` with the files directly in it, depth first in name order, leaving out
 * `Others/` (the guide's self-assessment material), CMake build folders, `__MACOSX` and hidden
 * folders. Symbolic links are neither followed nor listed.
 * @example
 * (await walkPackage('submissions/Litchi')).map((f) => f.relative);
 */
export async function walkPackage(root: string): Promise<PackageFolder[]> {
  const folders: PackageFolder[] = [];
  const visit = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    folders.push({ relative, files: entries.filter((e) => e.isFile()).map((e) => e.name) });
    for (const entry of entries) {
      if (entry.isDirectory() && !IGNORED_FOLDERS.test(entry.name))
        await visit(relative === '.' ? entry.name : `${relative}/${entry.name}`);
    }
  };
  await visit('.');
  return folders;
}

/**
 * The folder a package's files hang from: an official archive unpacks to one `<Name>/` folder, so
 * when `directory` holds exactly one folder and no files, that folder; else `directory` itself.
 * @example
 * await packageRoot('runs/x86_1/packages/Litchi'); // 'runs/x86_1/packages/Litchi/Litchi'
 */
export async function packageRoot(directory: string): Promise<string> {
  const entries = (await readdir(directory, { withFileTypes: true })).filter((e) => !/^(__MACOSX|\..*)$/.test(e.name));
  return entries.length === 1 && entries[0]!.isDirectory() ? path.join(directory, entries[0]!.name) : directory;
}
