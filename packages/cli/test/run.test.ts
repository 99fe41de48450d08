// The main job end to end through main(): one bundled candidate, two sizes, short trials.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const sm3Candidate = path.join(repositoryRoot, 'native', 'examples', 'sm3');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-run-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) }, out, err };
}

describe('ngcc-perf run on the bundled SM3 candidate', () => {
  let runDirectory: string;
  let exitCode: number;
  let stdout: string;
  // the first run and the remeasure run measure the same way
  const runArguments = () => [
    'run',
    sm3Candidate,
    '--out',
    runDirectory,
    '--system',
    'x86_9',
    '--sizes',
    '32,1024',
    '--trial-target',
    '0.005',
    '--cpu',
    '0',
  ];

  beforeAll(async () => {
    runDirectory = path.join(scratch, 'run');
    const { io, out } = captureIo();
    exitCode = await main(runArguments(), io);
    stdout = out.join('');
  }, pacedMilliseconds(120_000));

  it('exits 0 and prints, on stdout, the result table at every measured size, then the HTML candidate pages (the baseline one too) and the summary last', () => {
    expect(exitCode).toBe(0);
    const lines = stdout.trim().split('\n');
    // ticks on a fixed-rate counter, cycles on a PMU: the host decides
    expect(lines[0]).toMatch(
      /^(ticks|cycles)\/byte by message length \(median of the trial means\); interval and × pseudoXOF at 1024 B$/,
    );
    expect(lines[1]!.split(/\s{2,}/)).toEqual([
      'instance',
      'KAT',
      '32 B',
      '1024 B',
      'interval @ 1024 B',
      '× pseudoXOF',
      'constant-time',
    ]);
    // a median whose interval is wide (a busy host) is marked ~, and a line under the table says so
    expect(lines[2]).toMatch(/^example-sm3\/sm3 +PASS +~?\d/);
    expect(lines.slice(-3)).toEqual([
      path.join(runDirectory, 'reports', 'example-sm3', 'perf_x86_9.html'),
      path.join(runDirectory, 'reports', 'iccs-baseline', 'perf_x86_9.html'),
      path.join(runDirectory, 'reports', 'summary_x86_9.html'),
    ]);
  });

  it('measures the ICCS baseline by default: sm3hash and pseudoXOF at the candidate’s 256 bits, with the same plan', async () => {
    const campaign = JSON.parse(await readFile(path.join(runDirectory, 'campaign.json'), 'utf8'));
    expect(campaign.baseline).toEqual({
      candidate: 'iccs-baseline',
      instances: [
        { instance: 'sm3hash', helper: 'sm3hash', digestBits: 256 },
        { instance: 'pseudoxof_256', helper: 'pseudoXOF', digestBits: 256 },
      ],
    });
    expect(campaign.baselineLeftOut).toBeUndefined();
    expect((await readdir(path.join(runDirectory, 'records', 'iccs-baseline'))).sort()).toEqual([
      'pseudoxof_256__hash_1024.json',
      'pseudoxof_256__hash_32.json',
      'sm3hash__hash_1024.json',
      'sm3hash__hash_32.json',
    ]);
    const summary = await readFile(path.join(runDirectory, 'reports', 'summary_x86_9.md'), 'utf8');
    expect(summary).toContain('× pseudoXOF');
    expect(summary).not.toContain('no figure is shown × pseudoXOF');
  });

  it('writes one record per size, each naming its counter and keeping its 5 trials', async () => {
    const records = (await readdir(path.join(runDirectory, 'records', 'example-sm3'))).sort();
    expect(records).toEqual(['sm3__hash_1024.json', 'sm3__hash_32.json']);
    const record = JSON.parse(
      await readFile(path.join(runDirectory, 'records', 'example-sm3', 'sm3__hash_32.json'), 'utf8'),
    );
    expect(record.status).toBe('complete');
    expect(record.kat).toBe('PASS');
    expect(record.counter.name).toMatch(/^(pmu-cycles|tsc|cntvct|clock)$/);
    expect(record.processes).toHaveLength(5);
    expect(record.processes.every((p: { cpu: number }) => p.cpu === 0)).toBe(true);
    const n = record.processes.reduce(
      (sum: number, p: { trial: { iterations: number } }) => sum + p.trial.iterations,
      0,
    );
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
    expect(build.instances.map((entry: { candidate: string; instance: string }) => entry.instance)).toEqual([
      'sm3',
      'sm3hash',
      'pseudoxof_256',
    ]);
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
    expect(build.instances[0].ct).toMatchObject({
      verdict: 'constant-time',
      findings: [],
      auditedBuildFlags: '-std=c99 -Wpedantic -Wall -Wextra -O2 -g -fPIC -shared',
    });
  });

  it("renders a markdown page with the seeds' headings", async () => {
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
    // one term per counter: ticks on a fixed-rate counter (TSC), cycles on a core-cycle counter (PMU)
    const record = JSON.parse(
      await readFile(path.join(runDirectory, 'records', 'example-sm3', 'sm3__hash_32.json'), 'utf8'),
    ) as { counter: { kind: string } };
    const term = record.counter.kind === 'core-cycles' ? 'cycles' : 'ticks';
    expect(page).toContain(`| instance | message | mean ${term} | ${term}/byte | mean time | MB/s | n |`);
    expect(page).toContain('| instance | operation | static: ELF image (bytes) | baseline RSS | peak RSS |');
  });

  it(
    '--remeasure unstable measures again only the records above the CV limit, keeps the old one and names it',
    async () => {
      const file = path.join(runDirectory, 'records', 'example-sm3', 'sm3__hash_32.json');
      const record = JSON.parse(await readFile(file, 'utf8')) as { derived: { cv: number } };
      record.derived.cv = 0.5; // as if its trials had varied by 50 %
      await writeFile(file, JSON.stringify(record));
      const { io } = captureIo();
      const code = await main([...runArguments(), '--remeasure', 'unstable'], io);
      expect(code).toBe(0);
      const kept = await readdir(path.join(runDirectory, 'remeasured', 'example-sm3'));
      expect(kept).toContain('sm3__hash_32.1.json');
      expect(
        JSON.parse(await readFile(path.join(runDirectory, 'remeasured', 'example-sm3', 'sm3__hash_32.1.json'), 'utf8'))
          .derived.cv,
      ).toBe(0.5);
      const again = JSON.parse(await readFile(file, 'utf8')) as { status: string; remeasure?: unknown };
      expect(again.status).toBe('complete');
      expect(again.remeasure).toEqual({
        reason: 'unstable',
        previousRecord: 'remeasured/example-sm3/sm3__hash_32.1.json',
        previousCv: 0.5,
      });
      const page = await readFile(path.join(runDirectory, 'reports', 'example-sm3', 'perf_x86_9.md'), 'utf8');
      expect(page).toContain(
        'Measured again because the first measurement’s trial CV was above its limit: `sm3` 32 B (previous CV 50.0 %, record `remeasured/example-sm3/sm3__hash_32.1.json`)',
      );
    },
    pacedMilliseconds(120_000),
  );

  it('--remeasure takes only "unstable", and only for an existing run', async () => {
    const { io, err } = captureIo();
    expect(await main(['run', sm3Candidate, '--out', runDirectory, '--remeasure', 'all'], io)).not.toBe(0);
    expect(err.join('')).toContain('--remeasure expects "unstable"');
    const fresh = path.join(scratch, 'none');
    expect(await main(['run', sm3Candidate, '--out', fresh, '--remeasure', 'unstable'], io)).not.toBe(0);
    expect(err.join('')).toContain('--remeasure unstable re-measures an existing run');
  });
});
