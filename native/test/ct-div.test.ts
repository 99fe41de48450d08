// `ct-div` (PROTOCOL.md): the division probe traps each div/idiv of the library inside the sandbox,
// performs it itself (the digest must not change) and says whether its operands follow the message.
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from '@jest/globals';
import { availableModes, driverPath, lib, parseLines, sandboxEnv, type SandboxMode } from './sandbox-support.js';

/** The addresses of every div/idiv in the library, as objdump prints them. */
function divisionSites(library: string): string[] {
  const objdump = spawnSync('objdump', ['-d', '--no-show-raw-insn', lib(library)], { encoding: 'utf8' });
  return objdump.stdout.split('\n').flatMap((text) => {
    const match = /^\s*([0-9a-f]+):\s+i?div[bwlq]?\s/.exec(text);
    return match === null ? [] : [`0x${match[1]}`];
  });
}

function probe(library: string, mode: SandboxMode, sites = divisionSites(library)) {
  const result = spawnSync(
    driverPath,
    ['ct-div', lib(library), '256', '--bits', '0,8,443,8000', '--sites', sites.join(',')],
    {
      env: sandboxEnv(mode),
      encoding: 'utf8',
      timeout: 60000,
    },
  );
  return { status: result.status, lines: parseLines(result.stdout), stderr: result.stderr };
}

describe.each(availableModes())('in %s mode', (mode) => {
  test('a division by a message byte varies with the message; a division by the length does not', () => {
    const byByte = probe('ct_divide', mode);
    expect(byByte.status).toBe(0);
    expect(byByte.lines.filter((line) => line.type === 'ct-div-site')).toEqual([
      expect.objectContaining({ decoded: true, varies: true, faults: 0 }),
    ]);
    const byLength = probe('ct_div_length', mode);
    expect(byLength.status).toBe(0);
    const sites = byLength.lines.filter((line) => line.type === 'ct-div-site');
    expect(sites).toEqual([expect.objectContaining({ decoded: true, varies: false, faults: 0 })]);
    expect(sites[0]?.executions).toBe(12); // 4 lengths × 3 messages, once per call
  });

  test('signed and unsigned divisions of 32 and 64 bits, performed by the probe, leave the digest as it was', () => {
    const sites = divisionSites('ct_div_forms');
    expect(sites.length).toBeGreaterThanOrEqual(4);
    const run = probe('ct_div_forms', mode, sites);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const results = run.lines.filter((line) => line.type === 'ct-div-site');
    expect(results).toHaveLength(sites.length);
    expect(results.every((line) => line.decoded === true && line.varies === false && line.executions === 12)).toBe(
      true,
    );
  });

  test('an address that is no division is left alone (decoded false, never executed)', () => {
    const run = probe('ct_clean', mode, ['0x1000']);
    expect(run.status).toBe(0);
    expect(run.lines.filter((line) => line.type === 'ct-div-site')).toEqual([
      expect.objectContaining({ address: '0x1000', decoded: false, executions: 0 }),
    ]);
  });
});
