// Finds absolute home or temporary paths in the text files of a run directory (the run-directory layout:
// published paths are relative).
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ValidationDifference } from '../validation-difference.js';

const TEXT_EXTENSIONS = new Set(['.json', '.log', '.md', '.html', '.csv', '.txt']);
/** Not preceded by a path or word character, so `../tmp/x` and `a/tmp` stay allowed. */
const LEAD = String.raw`(?<![\w.~/-])`;
const COMMON = [
  String.raw`/home/`,
  String.raw`/root(?![\w-])`,
  String.raw`/tmp/`,
  String.raw`/var/tmp/`,
  String.raw`/Users/`,
  String.raw`/private/var/`,
  String.raw`[A-Za-z]:\\Users\\`,
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function pattern(): RegExp {
  const local = [os.homedir(), os.tmpdir()].filter((dir) => dir.length > 1).map(escapeRegExp);
  return new RegExp(`${LEAD}(?:${[...COMMON, ...local].join('|')})[^\\s"'<>)\`]*`);
}

async function listTextFiles(directory: string, relative = ''): Promise<string[]> {
  const entries = await readdir(path.join(directory, relative), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await listTextFiles(directory, child)));
    else if (entry.isFile() && TEXT_EXTENSIONS.has(path.extname(entry.name))) files.push(child);
  }
  return files;
}

export async function findAbsolutePath(
  directory: string,
): Promise<{ difference: ValidationDifference | null; files: number }> {
  const regex = pattern();
  const files = await listTextFiles(directory);
  for (const file of files) {
    const text = await readFile(path.join(directory, ...file.split('/')), 'utf8');
    const match = regex.exec(text);
    if (match === null) continue;
    const line = text.slice(0, match.index).split('\n').length;
    return {
      difference: {
        check: 'absolute-path',
        file,
        field: null,
        line,
        message: `${file} line ${line}: absolute path "${match[0]}" in the evidence. Published paths must be relative to the run directory (the run-directory layout); re-run from a checkout so paths can be made relative, or correct the file.`,
      },
      files: files.length,
    };
  }
  return { difference: null, files: files.length };
}
