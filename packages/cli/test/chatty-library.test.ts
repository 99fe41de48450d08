// A library that prints cannot exhaust node's memory: `ngcc-perf run` (build, KAT and
// constant-time phases, one size) on native/testlibs/chatty_64k.c — 64 KiB on stdout and 1 KiB on
// stderr per call — peaks at about the memory of the same run on a quiet library (libxor_ok's
// source). The driver keeps only the last 4 KiB of what the library prints (PROTOCOL.md, "The
// library's output") and node only the last 16 KiB of a driver's stderr; before, the driver
// forwarded every byte to node: quiet 123.3 MB, chatty 152.8 MB (1.24x; 2.6x before node kept a
// tail); now 123.0 MB and 123.9 MB (1.01x). Node's own peak (VmHWM of the node process, read as
// it exits) is compared, both runs in this test, so a busy host moves both alike.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from '@jest/globals';
import { binPath, measuringCpu, repositoryRoot } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const testlibs = path.join(repositoryRoot, 'native', 'testlibs');
const work = mkdtempSync(path.join(os.tmpdir(), 'ngcc-chatty-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Node's own peak resident memory, KiB: VmHWM of /proc/self/status as the process exits (not its children). */
const PEAK_REPORTER = `process.on('exit', () => {
  const fs = require('node:fs');
  const hwm = /^VmHWM:\\s*(\\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  fs.writeSync(2, '\\npeakRssKib=' + (hwm === null ? 'unknown' : hwm[1]) + '\\n');
});`;

function candidate(name: string, source: string): string {
  const folder = path.join(work, name);
  mkdirSync(folder);
  for (const file of ['toy_hash.h', source]) copyFileSync(path.join(testlibs, file), path.join(folder, file));
  const instances = [{ name, digestBits: 256, sources: [source] }];
  writeFileSync(
    path.join(folder, 'candidate.json'),
    JSON.stringify({ id: 'hash-98', algorithm: 'Chatty', category: 'hash', includeDirs: ['.'], instances }),
  );
  return folder;
}

/** Runs `ngcc-perf run` in its own node process; its exit code, peak RSS (bytes) and stderr. */
function runAndMeasure(folder: string): Promise<{ code: number | null; peakRssBytes: number; stderr: string }> {
  const preload = path.join(work, 'peak.cjs');
  writeFileSync(preload, PEAK_REPORTER);
  const argv = ['-r', preload, binPath, 'run', folder, '--out', path.join(work, `run-${path.basename(folder)}`)];
  argv.push(
    '--no-baseline',
    '--system',
    'x86_9',
    '--sizes',
    '1024',
    '--phases',
    'build,kat,ct',
    '--cpu',
    measuringCpu,
    '--quiet',
  );
  const child = spawn(process.execPath, argv, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NGCC_PERF_ALLOW_UNFIXED_HOST: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-8192)));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const peak = /peakRssKib=(\d+)/.exec(stderr);
      resolve({ code, peakRssBytes: peak === null ? NaN : Number(peak[1]) * 1024, stderr });
    }),
  );
}

it(
  'run on a library writing 64 KiB per call peaks within 1.2x of the same run on a quiet one (was 2.6x)',
  async () => {
    const quiet = await runAndMeasure(candidate('quiet', 'xor_ok.c'));
    const chatty = await runAndMeasure(candidate('chatty', 'chatty_64k.c'));
    expect([quiet.code, chatty.code, quiet.stderr.trim(), chatty.stderr.trim()]).toEqual([
      0,
      0,
      expect.stringMatching(/^peakRssKib=\d+$/),
      expect.stringMatching(/^peakRssKib=\d+$/),
    ]);
    expect(chatty.peakRssBytes / quiet.peakRssBytes).toBeLessThan(1.2);
  },
  pacedMilliseconds(150_000),
);
