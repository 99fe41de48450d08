import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BuildCopy } from './build-commands.js';

/**
 * Characters CMake's list syntax or its Makefile generator cannot carry in a path: `;` (a list),
 * `$`, quotes, `\\`, a backtick and `#` (CMake), `|` (an order-only prerequisite), `:` (a target),
 * `?`, `[` and `]` (make's wildcards; `?` also reaches gcc as two files), and control characters
 * such as a tab (each checked with CMake 3 and GNU make 4: the build fails or builds something else).
 */
// eslint-disable-next-line no-control-regex -- control characters are among what it finds
const UNSAFE_FOR_CMAKE = /[;$"'\\`#|:?[\]\x00-\x1f\x7f]/;
const UNSAFE_EVERYWHERE = new RegExp(UNSAFE_FOR_CMAKE.source, 'g');
/** What a copy for CMake takes of the candidate folder: sources, prebuilt objects and archives, and the files sources may include. */
const COPIED = /\.(c|h|cc|cpp|cxx|hh|hpp|hxx|s|inc|inl|def|tbl|ipp|tcc|o|a)$/i;

/** A copy of the candidate's code files under names CMake can carry, and the way back to the real names. */
export interface SafeCopy extends BuildCopy {
  sourcePaths: string[];
  includeDirPaths: string[];
}

/** A path segment CMake can carry: the unsafe characters replaced, a digest of the original appended to keep names apart. */
function safeSegment(segment: string): string {
  if (!UNSAFE_FOR_CMAKE.test(segment)) return segment;
  const digest = createHash('sha256').update(segment).digest('hex').slice(0, 8);
  return `${segment.replace(UNSAFE_EVERYWHERE, '_')}-${digest}`;
}

/**
 * When a source or include path (absolute) holds a character CMake or make cannot carry (`;`, `$`,
 * a quote, a backslash, a backtick, `#`, `|`, `:`, `?`, `[`, `]`, a control character), in
 * `sourceRoot` itself or below it, copies the candidate folder's code files to `copyRoot` (which
 * must itself be free of them) under folder and file names with those characters replaced and
 * returns the paths there; else null (nothing to do, or a path outside `sourceRoot`, which is
 * built in place).
 */
export async function safeCopy(
  sourcePaths: readonly string[],
  includeDirPaths: readonly string[],
  sourceRoot: string,
  copyRoot: string,
): Promise<SafeCopy | null> {
  const all = [...sourcePaths, ...includeDirPaths];
  if (!all.some((p) => UNSAFE_FOR_CMAKE.test(p))) return null;
  if (!all.every((p) => p === sourceRoot || p.startsWith(sourceRoot + path.sep))) return null;
  const back = new Map<string, string>();
  const safe = (relative: string): string => {
    const mapped = relative.split(path.sep).map(safeSegment).join(path.sep);
    back.set(mapped, relative);
    return mapped;
  };
  await rm(copyRoot, { recursive: true, force: true });
  for (const entry of await readdir(sourceRoot, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COPIED.test(entry.name)) continue;
    const target = path.join(copyRoot, safe(path.relative(sourceRoot, full)));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(full, target);
  }
  const moved = (p: string): string => path.join(copyRoot, safe(path.relative(sourceRoot, p)));
  const original = (relative: string): string => {
    for (const [mapped, real] of back) {
      if (relative === mapped || relative.startsWith(mapped + path.sep)) return real + relative.slice(mapped.length);
    }
    return relative;
  };
  return {
    sourcePaths: sourcePaths.map(moved),
    includeDirPaths: includeDirPaths.map(moved),
    root: copyRoot,
    original,
  };
}
