import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';

/** Relative paths inside a run directory (docs/RUN-DIRECTORY.md, SPEC §8). */
export const runPaths = {
  campaign: 'campaign.json',
  build: 'build.json',
  library: (candidate: string, instance: string) => path.posix.join('lib', candidate, `lib${instance}.so`),
  katLog: (candidate: string, instance: string) => path.posix.join('kat', candidate, `${instance}.log`),
  katFiles: (candidate: string, instance: string) => path.posix.join('kat', candidate, instance),
  record: (candidate: string, instance: string, messageBytes: number) =>
    path.posix.join('records', candidate, `${instance}__hash_${messageBytes}.json`),
  report: (candidate: string, system: string, extension: 'md' | 'html') =>
    path.posix.join('reports', candidate, `perf_${system}.${extension}`),
} as const;

/**
 * Writes a file atomically: a temporary sibling is written and fsynced, then renamed over the
 * target, so a crash leaves either the old or the new file, never half of one.
 * @param filePath - absolute path of the target
 * @param text - the whole content
 */
export async function writeFileAtomic(filePath: string, text: string): Promise<void> {
  await mkdir(path.dirname(filePath), { recursive: true });
  const temporary = `${filePath}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, filePath);
}

/** Writes JSON with 2-space indentation and a final newline, atomically. */
export async function writeJsonAtomic(filePath: string, value: unknown): Promise<void> {
  await writeFileAtomic(filePath, `${JSON.stringify(value, null, 2)}\n`);
}
