import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { spawnDriverProcess } from './spawn-driver-process.js';

/** valgrind as found: the program and what `valgrind --version` printed. */
export interface ValgrindTool {
  /** Absolute path of the program. */
  path: string;
  /** `valgrind --version`, e.g. `valgrind-3.19.0`; null when it did not answer. */
  version: string | null;
}

const versions = new Map<string, string | null>();

function onPath(program: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * Finds valgrind — the given program, else `valgrind` on PATH — and asks its version (once per
 * program and process). The driver starts it itself when `NGCC_PERF_VALGRIND` names it
 * (PROTOCOL.md, `ct-taint` and `count`).
 * @param given - a path to use instead of searching PATH
 * @param env - environment whose PATH is searched; default `process.env`
 * @returns the program and its version, or null when there is none
 * @example
 * ```ts
 * const valgrind = await findValgrind();
 * if (valgrind === null) console.log('install valgrind (Debian: apt-get install valgrind)');
 * ```
 */
export async function findValgrind(given?: string, env: NodeJS.ProcessEnv = process.env): Promise<ValgrindTool | null> {
  const program = given ?? onPath('valgrind', env.PATH ?? '');
  if (program === null) return null;
  if (!versions.has(program)) {
    const run = await spawnDriverProcess(program, ['--version'], { timeoutSeconds: 30 });
    versions.set(program, run.exitCode === 0 ? run.stdout.trim() || null : null);
  }
  return { path: program, version: versions.get(program) ?? null };
}
