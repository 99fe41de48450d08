// The scripting examples of examples/ run on the bundled SM3 instance with tiny settings.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import { measuringCpu, readJson, repositoryRoot } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function runExample(script: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(repositoryRoot, 'examples', script), ...args], {
    cwd: repositoryRoot,
    env: process.env,
  });
  return stdout;
}

describe('examples/', () => {
  it(
    'cycles-per-byte-sweep.mjs measures every length asked for and draws the chart',
    async () => {
      const out = await mkdtemp(path.join(scratch, 'sweep-'));
      const stdout = await runExample('cycles-per-byte-sweep.mjs', [
        '--to',
        '48',
        '--step',
        '16',
        '--trial-target',
        '0.001',
        '--trials',
        '2',
        '--cpu',
        measuringCpu,
        '--out',
        out,
      ]);
      expect(stdout).toContain('4 lengths measured');
      const csv = (await readFile(path.join(out, 'sweep.csv'), 'utf8')).trim().split('\n');
      expect(csv[0]).toBe('messageBytes,meanCycles,cyclesPerByte,n');
      expect(csv.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([0, 16, 32, 48]);
      expect(csv[1]!.split(',')[2]).toBe(''); // no cycles/byte for the empty message
      const svg = await readFile(path.join(out, 'sweep.svg'), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain('example-sm3/sm3');
    },
    pacedMilliseconds(120_000),
  );

  it(
    'compare-profiles.mjs builds, checks and times the three guide profiles',
    async () => {
      const out = await mkdtemp(path.join(scratch, 'profiles-'));
      const stdout = await runExample('compare-profiles.mjs', [
        '--sizes',
        '32',
        '--trial-target',
        '0.005',
        '--cpu',
        measuringCpu,
        '--out',
        out,
      ]);
      expect(stdout).toContain('| profile | KAT | ELF image (bytes) | 32 B |');
      const { results } = await readJson<{ results: { profile: string; kat: string; imageBytes: number | null }[] }>(
        path.join(out, 'profiles.json'),
      );
      expect(results.map((r) => r.profile)).toEqual(['reference', 'performance', 'resource']);
      // The reference profile (plain -O2 C99) passes on any host; the others need x86-64 with AVX2.
      expect(results[0]).toMatchObject({ kat: 'PASS' });
      expect(results[0]!.imageBytes).toBeGreaterThan(0);
    },
    pacedMilliseconds(120_000),
  );
});
