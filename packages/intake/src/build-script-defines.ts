import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A macro a package's own build script defines for an instance, and where it says so. */
export interface ScriptDefine {
  name: string;
  value: string;
  /** `<file relative to the package> line <n>`. */
  source: string;
}

const SCRIPT = /^(build\.sh|makefile|Makefile|GNUmakefile|CMakeLists\.txt|.*\.mk)$/;

/**
 * The `-DNAME=VALUE` and bare `-DNAME` (value `1`, as gcc defines it) definitions an instance's
 * own build scripts give (read as text, never run):
 * `build.sh` / `Makefile` command lines, and CMake's `set(NAME VALUE)` where a CMakeLists of the
 * package passes `NAME=${NAME}` as a compile definition. Only the instance folder and the folders
 * between it and the package root are read (a script beside other instances speaks for them too);
 * the nearest script wins; a macro given two values in one script (one per target) is left out.
 * @param root - the package folder (absolute)
 * @param folder - the instance folder, relative to it (`/`-separated)
 * @param filesOf - each folder's file names, by relative folder
 * @example
 * await buildScriptDefines('/p', 'Ref/X-256', files); // [{ name: 'MODE', value: '256', source: 'Ref/X-256/build.sh line 5' }]
 */
export async function buildScriptDefines(
  root: string,
  folder: string,
  filesOf: ReadonlyMap<string, readonly string[]>,
): Promise<ScriptDefine[]> {
  const chain: string[] = [];
  for (let f = folder; ; f = path.posix.dirname(f)) {
    chain.push(f);
    if (f === '.' || f === '/' || f === '') break;
  }
  const texts: { file: string; text: string }[] = [];
  for (const f of [...new Set(chain)]) {
    for (const name of (filesOf.get(f) ?? []).filter((n) => SCRIPT.test(n)).sort()) {
      const file = f === '.' ? name : `${f}/${name}`;
      texts.push({ file, text: await readFile(path.join(root, file), 'utf8').catch(() => '') });
    }
  }
  const cmakePassed = new Set<string>(); // CMake variables passed as compile definitions (`NAME=${NAME}`) anywhere
  for (const [f, names] of filesOf) {
    for (const name of names.filter((n) => n === 'CMakeLists.txt')) {
      const text = await readFile(path.join(root, f === '.' ? name : `${f}/${name}`), 'utf8').catch(() => '');
      for (const m of text.matchAll(/\b([A-Za-z_]\w*)=\$\{\1\}/g)) cmakePassed.add(m[1]!);
    }
  }
  const found = new Map<string, ScriptDefine>();
  for (const { file, text } of texts) {
    const here = new Map<string, Set<string>>();
    const where = new Map<string, number>();
    text.split(/\r?\n/).forEach((line, index) => {
      const code = line.replace(/#.*$/, '');
      const matches = file.endsWith('CMakeLists.txt')
        ? [...code.matchAll(/\bset\(\s*([A-Za-z_]\w*)\s+"?([\w.+-]+)"?\s*\)/g)].filter((m) => cmakePassed.has(m[1]!))
        : [...code.matchAll(/(?:^|\s)-D([A-Za-z_]\w*)(?:=([\w.+-]+))?(?=[\s;"'\\)]|$)/g)].map(
            // A bare `-DNAME` defines NAME as 1 (gcc's meaning); a value the script computes (`$(X)`) is not read.
            (m) => [m[0], m[1], m[2] ?? '1'] as const,
          );
      for (const m of matches) {
        here.set(m[1]!, (here.get(m[1]!) ?? new Set()).add(m[2]!));
        if (!where.has(m[1]!)) where.set(m[1]!, index + 1);
      }
    });
    for (const [name, values] of here) {
      if (found.has(name) || values.size !== 1) continue;
      found.set(name, { name, value: [...values][0]!, source: `${file} line ${where.get(name)!}` });
    }
  }
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}
