// A write that the file system cuts short must fail, not publish a truncated file. The child
// process runs under a file-size limit (`ulimit -f`; node ignores SIGXFSZ): the first write(2) of
// the 256 KiB content stops at the limit with a short count and the next one fails with EFBIG,
// which is what a filling disk does (a short count, then ENOSPC).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const LIMIT_BLOCKS = 64; // bash counts ulimit -f in 1024-byte blocks: 64 KiB
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-short-write-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function writeUnderLimit(target: string, bytes: number): { status: number | null; stdout: string; stderr: string } {
  const script = [
    "import { writeFileAtomic } from '@ngcc-perf/atomic-file';",
    `await writeFileAtomic(process.env.TARGET, 'x'.repeat(${bytes})).then(`,
    "  () => console.log('written'),",
    '  (error) => console.log(error.code),',
    ');',
  ].join('\n');
  const result = spawnSync(
    'bash',
    ['-c', `ulimit -f ${LIMIT_BLOCKS} && exec "$0" --input-type=module -e "$1"`, process.execPath, script],
    { cwd: packageDir, encoding: 'utf8', env: { ...process.env, TARGET: target, NODE_OPTIONS: '' } },
  );
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr };
}

describe('writeFileAtomic under a file-size limit', () => {
  it('fails with EFBIG and leaves the old file intact, with no temporary behind', () => {
    const folder = mkdtempSync(path.join(scratch, 'case-'));
    const target = path.join(folder, 'KAT_2_12_sm3.txt');
    writeFileSync(target, 'old content\n');
    const result = writeUnderLimit(target, 256 * 1024);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('EFBIG');
    expect(readFileSync(target, 'utf8')).toBe('old content\n');
    expect(readdirSync(folder)).toEqual(['KAT_2_12_sm3.txt']);
  });

  it('writes content below the limit in full', () => {
    const folder = mkdtempSync(path.join(scratch, 'case-'));
    const target = path.join(folder, 'KAT_256.txt');
    const result = writeUnderLimit(target, 16 * 1024);
    expect(result.stdout).toBe('written');
    expect(readFileSync(target, 'utf8')).toBe('x'.repeat(16 * 1024));
    expect(readdirSync(folder)).toEqual(['KAT_256.txt']);
  });
});
