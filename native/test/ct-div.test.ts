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

// Both forms count and print through one tally (div_probe.c): sites come out sorted by address
// whatever order they were given in, one line each, then `end` with their count.
describe('the per-site tally both forms print', () => {
  const [mode] = availableModes();

  test('the CryptHash form: sites given in reverse come out sorted, then end with their count', () => {
    const sites = [...divisionSites('ct_div_forms'), '0x1000'].reverse();
    const run = probe('ct_div_forms', mode!, sites);
    expect(run.status).toBe(0);
    const addresses = run.lines
      .filter((line) => line.type === 'ct-div-site')
      .map((line) => BigInt(String(line.address)));
    expect(addresses).toEqual([...addresses].sort((a, b) => (a < b ? -1 : 1)));
    expect(addresses).toHaveLength(sites.length);
    expect(run.lines.at(-1)).toMatchObject({ type: 'end', count: sites.length });
  });

  test('the operation form: the secret key’s division varies and runs 32 times a call, the public one once', () => {
    const sites = [...divisionSites('pk_ct_kem_divide'), '0x1000'].reverse();
    expect(sites).toHaveLength(3);
    const result = spawnSync(
      driverPath,
      [
        'ct-div',
        lib('pk_ct_kem_divide'),
        '--category',
        'kem',
        '--operation',
        'dec',
        '--secret',
        'sk',
        '--public',
        'pk',
      ].concat(['--sites', sites.join(',')]),
      { env: sandboxEnv(mode!), encoding: 'utf8', timeout: 60000 },
    );
    expect(result.status).toBe(0);
    const lines = parseLines(result.stdout);
    const found = lines.filter((line) => line.type === 'ct-div-site');
    expect(found.map((line) => line.address)).toEqual([...sites].sort((a, b) => Number(BigInt(a) - BigInt(b))));
    // three calls (own key, two others): 32 secret reductions and one public division each
    expect(found.filter((line) => line.decoded)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ varies: true, executions: 96, faults: 0 }),
        expect.objectContaining({ varies: false, executions: 3, faults: 0 }),
      ]),
    );
    expect(found.find((line) => line.address === '0x1000')).toMatchObject({ decoded: false, executions: 0 });
    expect(lines.at(-1)).toMatchObject({ type: 'end', count: 3 });
  });
});
