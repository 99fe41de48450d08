import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CandidateInstance } from '@ngcc-perf/intake';

/**
 * SHA-256 of a file, 64 lower-case hex, or null when it cannot be read.
 * @example
 * await fileSha256('runs/x/lib/example-sm3/libsm3.so'); // 'ae8b07…'
 */
export async function fileSha256(file: string): Promise<string | null> {
  try {
    return createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  } catch {
    return null;
  }
}

/**
 * SHA-256 over what an instance is built from: each source file and each `.h` file directly in
 * its include directories, by path (relative to the first include dir or source dir) and content,
 * in sorted order. A resume compares it to refuse sources that changed under a run.
 * @example
 * await sourcesSha256(candidate.instances[0]);
 */
export async function sourcesSha256(
  instance: Pick<CandidateInstance, 'sourcePaths' | 'includeDirPaths'>,
): Promise<string> {
  const files = new Set(instance.sourcePaths);
  for (const directory of instance.includeDirPaths) {
    try {
      for (const name of await readdir(directory)) if (name.endsWith('.h')) files.add(path.join(directory, name));
    } catch {
      // a missing include dir is the compiler's to report
    }
  }
  const root = path.dirname(instance.sourcePaths[0] ?? '.');
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(`${path.relative(root, file)}\0`);
    hash.update((await fileSha256(file)) ?? 'missing');
    hash.update('\n');
  }
  return hash.digest('hex');
}

/**
 * The first compiler errors of a failed build as one line (at most three, 400 characters), with
 * the candidate folder's absolute path removed, for build.json's `guideDetail` (the run-directory layout: no
 * absolute paths in evidence).
 * @example
 * summarizeBuildFailure('…/c/x.c:3:1: error: unknown type name ‘typeof’…', '/c'); // 'x.c:3:1: error: unknown type name ‘typeof’'
 */
export function summarizeBuildFailure(message: string, candidateDirectory: string): string {
  const lines = message
    .split('\n')
    .map((line) =>
      line
        .split(candidateDirectory + path.sep)
        .join('')
        .trim(),
    )
    .filter((line) => !line.startsWith('building instance') && !line.startsWith('Fix the sources'));
  // the linker's own diagnostics (`ld: … multiple definition of …`, `undefined reference to …`) say
  // why before collect2's "ld returned 1 exit status" does
  const errors = lines.filter(
    (line) =>
      (/\berror\b/i.test(line) || /multiple definition of|undefined reference to/.test(line)) &&
      !/^(make|gmake|cmake|CMake Error)/.test(line),
  );
  // no compiler error: CMake's own last lines say what stopped it (a path it cannot quote, a missing tool)
  const chosen = (errors.length > 0 ? errors.slice(0, 3) : lines.filter((l) => l !== '').slice(-3)).join(' | ');
  const head = /^building instance .* failed \(([^)]*)\)/m.exec(message)?.[1];
  const text = chosen === '' && head !== undefined ? `${head}, with no output` : chosen;
  return text.length > 400 ? `${text.slice(0, 399)}…` : text;
}

/**
 * How evidence names a file of a candidate folder (a KAT log's `source_dir`, the manifest): its
 * path relative to the working directory when it lies below it (`native/examples/sm3`), else
 * relative to the candidate folder's parent (`hash-98/kat.sha256`) — never a temp or home path.
 * @example
 * displayPath('/tmp/x/hash-98/kat.sha256', '/tmp/x/hash-98'); // 'hash-98/kat.sha256' (cwd elsewhere)
 */
export function displayPath(file: string, candidateDirectory: string): string {
  const fromCwd = path.relative(process.cwd(), file);
  if (fromCwd !== '' && !fromCwd.startsWith('..') && !path.isAbsolute(fromCwd))
    return fromCwd.split(path.sep).join('/');
  return path.relative(path.dirname(candidateDirectory), file).split(path.sep).join('/') || '.';
}
