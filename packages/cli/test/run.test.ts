// The main job end to end through main(): one bundled candidate, two sizes, short trials.
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const sm3Candidate = path.join(repositoryRoot, 'native', 'examples', 'sm3');

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) }, out, err };
}

describe('ngcc-perf run on the bundled SM3 candidate', () => {
  let runDirectory: string;
  let exitCode: number;
  let stdout: string;

  beforeAll(async () => {
    runDirectory = path.join(await mkdtemp(path.join(os.tmpdir(), 'ngcc-run-')), 'run');
    const { io, out } = captureIo();
    exitCode = await main(
      ['run', sm3Candidate, '--out', runDirectory, '--system', 'x86_9', '--sizes', '32,1024', '--trial-target', '0.005', '--cpu', '0'],
      io,
    );
    stdout = out.join('');
  }, 120_000);

  it('exits 0 and prints the HTML report path', () => {
    expect(exitCode).toBe(0);
    expect(stdout.trim()).toBe(path.join(runDirectory, 'reports', 'example-sm3', 'perf_x86_9.html'));
  });

  it('writes one record per size, each naming its counter and keeping its 5 trials', async () => {
    const records = (await readdir(path.join(runDirectory, 'records', 'example-sm3'))).sort();
    expect(records).toEqual(['sm3__hash_1024.json', 'sm3__hash_32.json']);
    const record = JSON.parse(await readFile(path.join(runDirectory, 'records', 'example-sm3', 'sm3__hash_32.json'), 'utf8'));
    expect(record.status).toBe('complete');
    expect(record.kat).toBe('PASS');
    expect(record.counter.name).toMatch(/^(pmu-cycles|tsc|cntvct|clock)$/);
    expect(record.processes).toHaveLength(5);
    expect(record.processes.every((p: { cpu: number }) => p.cpu === 0)).toBe(true);
    const n = record.processes.reduce((sum: number, p: { trial: { iterations: number } }) => sum + p.trial.iterations, 0);
    expect(record.derived.n).toBe(n);
  });

  it('keeps no absolute path in the evidence', async () => {
    const files = ['campaign.json', 'build.json', 'kat/example-sm3/sm3.log', 'records/example-sm3/sm3__hash_32.json'];
    for (const file of files) {
      const text = await readFile(path.join(runDirectory, file), 'utf8');
      expect(text).not.toContain(os.tmpdir() + path.sep);
      expect(text).not.toContain(repositoryRoot);
    }
  });

  it('records PASS, the guide flags and the library digest in build.json', async () => {
    const build = JSON.parse(await readFile(path.join(runDirectory, 'build.json'), 'utf8'));
    expect(build.instances).toHaveLength(1);
    expect(build.instances[0]).toMatchObject({
      candidate: 'example-sm3',
      instance: 'sm3',
      kat: 'PASS',
      flags: 'guide',
      buildFlags: '-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -shared',
      library: 'lib/example-sm3/libsm3.so',
    });
    expect(build.instances[0].librarySha256).toMatch(/^[0-9a-f]{64}$/);
    // The ct phase audited a -g build beside the measured one: the SM3 reference has no finding.
    expect(build.instances[0].ct).toMatchObject({ verdict: 'constant-time', findings: [], auditedBuildFlags: '-std=c99 -Wpedantic -Wall -Wextra -O2 -g -fPIC -shared' });
  });

  it('renders a markdown page with the seeds\' headings', async () => {
    const page = await readFile(path.join(runDirectory, 'reports', 'example-sm3', 'perf_x86_9.md'), 'utf8');
    const headings = page.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual([
      '# example-sm3 SM3 — performance on x86-64 (system x86_9)',
      '## 1. Basic information',
      '## 2. Assessment environment',
      '## 3. Functional testing (KAT)',
      '## 4. Performance',
      '## 5. Resource consumption',
      '## Constant-time audit',
      '## 7. Raw evidence index',
    ]);
    expect(page).toContain('| instance | message | mean cycles | cycles/byte | mean time | MB/s | n |');
    expect(page).toContain('| instance | operation | static: ELF image (bytes) | baseline RSS | peak RSS |');
  });
});
