// Crash safety on a full disk: the run directory lives on a small tmpfs this test mounts (it needs
// root; elsewhere the suite is skipped and says so). When the disk fills — during the KAT phase
// (a 2.5 MB KAT file) or in the middle of the measure phase — `ngcc-perf run` stops with one line
// naming the file and the fix (exit 2), leaves no half-written file and no temporary behind, and
// once there is space again the same command resumes: the records written before are kept byte
// for byte, and the finished run directory validates.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listFiles, tinyPlanArguments, repositoryRoot, runCli } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const sm3 = path.join(repositoryRoot, 'native', 'examples', 'sm3');
const sizes = ['32', '1024', '4096'];
const plan = tinyPlanArguments({ sizes: sizes.map(Number) });
const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'ngcc-full-disk-'));

function mountTmpfs(sizeBytes: number): boolean {
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'ngcc-full-disk', mountPoint]).status === 0;
}
function resize(sizeBytes: number): void {
  const result = spawnSync('mount', ['-o', `remount,size=${sizeBytes}`, mountPoint]);
  if (result.status !== 0) throw new Error(`remount failed: ${result.stderr.toString('utf8')}`);
}
function usedBytes(): number {
  const stats = statfsSync(mountPoint);
  return (stats.blocks - stats.bfree) * stats.bsize;
}
function unmount(): void {
  spawnSync('umount', ['-l', mountPoint]);
}

const canMount = process.getuid?.() === 0 && mountTmpfs(1 << 20);
if (canMount) unmount();
else console.warn('full-disk.test.ts: skipped, mounting a tmpfs needs root (CAP_SYS_ADMIN)');

afterAll(() => {
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Every file of the run directory: none is a temporary, and every JSON file parses. */
async function checkNothingHalfWritten(run: string): Promise<string[]> {
  const files = await listFiles(run, '.');
  expect(files.filter((file) => /\.tmp$/.test(file))).toEqual([]);
  for (const file of files.filter((f) => f.endsWith('.json'))) {
    expect(() => JSON.parse(readFileSync(path.join(run, file), 'utf8'))).not.toThrow();
  }
  return files;
}

const describeIfRoot = canMount ? describe : describe.skip;

describeIfRoot('a disk that fills during the KAT phase', () => {
  const run = path.join(mountPoint, 'run');
  let full: { code: number; stderr: string };

  beforeAll(async () => {
    expect(mountTmpfs(1 << 20)).toBe(true); // 1 MiB: less than KAT_2_12_sm3.txt (2542614 bytes)
    full = await runCli(['run', sm3, '--out', run, ...plan]);
  }, pacedMilliseconds(120_000));
  afterAll(unmount);

  it('stops with one line naming the KAT file and the fix (exit 2)', () => {
    expect(full.code).toBe(2);
    expect(full.stderr.trim().split('\n')).toHaveLength(1);
    expect(full.stderr).toMatch(
      /^ngcc-perf: Cannot write .*KAT_2_12_sm3\.txt: ENOSPC: no space left on device.*free space/,
    );
  });

  it('leaves no half-written KAT file and no temporary', async () => {
    const files = await checkNothingHalfWritten(run);
    expect(files.filter((file) => file.startsWith('kat/'))).toEqual([]);
  });

  it(
    'resumes once there is space: the KAT files are whole and the run validates',
    async () => {
      resize(64 << 20);
      const resumed = await runCli(['run', sm3, '--out', run, ...plan]);
      expect(resumed.code).toBe(0);
      expect(readFileSync(path.join(run, 'kat', 'example-sm3', 'sm3', 'KAT_2_12_sm3.txt')).length).toBe(2542614);
      await checkNothingHalfWritten(run);
      const validated = await runCli(['validate', run]);
      expect([validated.code, validated.stderr]).toEqual([0, '']);
    },
    pacedMilliseconds(120_000),
  );
});

describeIfRoot('a disk that fills in the middle of the measure phase', () => {
  const run = path.join(mountPoint, 'run');
  let full: { code: number; stderr: string };
  const before = new Map<string, Buffer>();

  beforeAll(async () => {
    expect(mountTmpfs(64 << 20)).toBe(true);
    const prepared = await runCli(['run', sm3, '--out', run, ...plan, '--phases', 'check-host,build,kat,calibrate']);
    expect(prepared.code).toBe(0);
    // Four pages: room for one record (4.7 kB) and campaign.json's next version, not for three.
    resize(usedBytes() + 4 * 4096);
    full = await runCli(['run', sm3, '--out', run, ...plan]);
    for (const file of await listFiles(run, 'records')) before.set(file, readFileSync(path.join(run, file)));
  }, pacedMilliseconds(120_000));
  afterAll(unmount);

  it('stops with one line naming the file it could not write and how to resume (exit 2)', () => {
    expect(full.code).toBe(2);
    expect(full.stderr.trim().split('\n')).toHaveLength(1);
    expect(full.stderr).toMatch(
      /^ngcc-perf: cannot write \/.+: the disk is full\. Free space .*run the same command again: it resumes/,
    );
  });

  it('stopped before the end, and left no half-written file and no temporary', async () => {
    expect(before.size).toBeLessThan(sizes.length);
    expect(full.stderr).toContain(run);
    await checkNothingHalfWritten(run);
  });

  it(
    'resumes once there is space: every record, the earlier ones byte for byte, and a valid run',
    async () => {
      resize(64 << 20);
      const resumed = await runCli(['run', sm3, '--out', run, ...plan]);
      expect(resumed.code).toBe(0);
      const records = readdirSync(path.join(run, 'records', 'example-sm3')).sort();
      expect(records).toEqual(sizes.map((size) => `sm3__hash_${size}.json`).sort());
      for (const [file, bytes] of before) expect(readFileSync(path.join(run, file)).equals(bytes)).toBe(true);
      await checkNothingHalfWritten(run);
      const validated = await runCli(['validate', run]);
      expect([validated.code, validated.stderr]).toEqual([0, '']);
    },
    pacedMilliseconds(120_000),
  );
});
