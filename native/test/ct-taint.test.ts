// `ct-taint` (PROTOCOL.md): under valgrind memcheck started by the driver itself, inside the
// sandbox in every mode this host offers; valgrind's XML arrives on descriptor 3.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { availableModes, driverPath, lib, parseLines, sandboxEnv, type SandboxMode } from './sandbox-support.js';

const VALGRIND = '/usr/bin/valgrind';
const outside = mkdtempSync(path.join(tmpdir(), 'ct-taint-outside-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

function taint(
  library: string,
  mode: SandboxMode | 'off',
  extra: Record<string, string> = { NGCC_PERF_VALGRIND: VALGRIND },
) {
  const result = spawnSync(driverPath, ['ct-taint', lib(library), '256', '--bits', '0,8,443'], {
    env: sandboxEnv(mode, { NGCC_FAULT_DIR: outside, ...extra }),
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    timeout: 120000,
  });
  const text = (fd: number): string => (result.output[fd] ?? Buffer.alloc(0)).toString('utf8');
  return { status: result.status, lines: parseLines(text(1)), stderr: text(2), xml: text(3) };
}

describe.each(availableModes())('in %s mode', (mode) => {
  test('marks only the message undefined: the table lookup is reported once per message byte, in the XML with its line', () => {
    const run = taint('ct_table', mode);
    expect(run.status).toBe(0);
    expect(run.lines[0]).toMatchObject({ type: 'ct-start', underValgrind: true, calls: 3 });
    expect(run.lines.filter((line) => line.type === 'ct-call').map((line) => [line.bits, line.reports])).toEqual([
      [0, 0],
      [8, 1],
      [443, 55],
    ]);
    expect(run.xml).toContain('<kind>UninitValue</kind>');
    expect(run.xml).toMatch(/<file>ct_table\.c<\/file>\s*<line>21<\/line>/);
    expect(run.xml).toContain('ngcc-ct call 1 bits 8');
  });

  test('the library is still sandboxed under valgrind: nothing written outside the scratch folder', () => {
    const run = taint('fault_write_outside', mode);
    expect(run.status).toBe(0); // CRYPTOFAIL (-10) had it written outside, -11 had TMPDIR failed
    expect(readdirSync(outside)).toEqual([]);
  });
});

test('without NGCC_PERF_VALGRIND the calls run natively and ct-start says so', () => {
  const run = taint('ct_table', availableModes()[0] ?? 'off', {});
  expect(run.status).toBe(0);
  expect(run.lines[0]).toMatchObject({ type: 'ct-start', underValgrind: false });
  expect(run.xml).toBe('');
});
