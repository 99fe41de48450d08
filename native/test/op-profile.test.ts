// op-profile (PROTOCOL.md "op-profile"): the calls of the ICCS primitives in one call of a
// public-key operation and the ticks inside them, from the profiling twin of the ICCS support
// library. The toy pk_toy_profile_* (native/testlibs/pk_toy_profile_kem.c) splits its enc and dec
// by construction between pseudoXOF and the same SM3 work in its own code: pseudoXOF's share of
// dec is 1/2 (one pseudoXOF call beside one own unit) or 3/4 (three beside one), whatever the
// machine. The bands leave room for the part of the time spent elsewhere (filling the message)
// and for preempted rounds on a loaded host (the median of fifteen rounds is taken: a busy 2-core
// VM preempted a third of three rounds often enough to move their median out of the band).
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibsDir = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');
const lib = (name: string): string => path.join(testlibsDir, `lib${name}.so`);

type Line = { v: number; type: string } & Record<string, unknown>;
interface Round extends Line {
  profiledTicks: number;
  insideTicks: Record<string, number>;
  timedCalls: Record<string, number>;
}
interface Primitive {
  name: string;
  origin: string;
  calls: number;
}

function opProfile(name: string, ...args: string[]): { status: number | null; lines: Line[] } {
  const result = spawnSync(driverPath, ['op-profile', lib(name), ...args], { timeout: 60000 });
  const lines = result.stdout
    .toString('utf8')
    .split('\n')
    .filter((text) => text.length > 0)
    .map((text) => JSON.parse(text) as Line);
  return { status: result.status, lines };
}

/** Rounds per profile: enough that preempted rounds stay a minority on a loaded host. */
const ROUNDS = 15;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function calls(lines: Line[]): Record<string, { origin: string; calls: number }> {
  const profile = lines.find((line) => line.type === 'profile')!;
  return Object.fromEntries(
    (profile.primitives as Primitive[]).map((p) => [p.name, { origin: p.origin, calls: p.calls }]),
  );
}

describe('op-profile', () => {
  test.each([
    ['pk_toy_profile_half', 1, 0.4, 0.6],
    ['pk_toy_profile_three_quarters', 3, 0.65, 0.85],
  ])('%s dec: %d pseudoXOF call(s) per dec, a share of pseudoXOF in [%d, %d]', (name, perCall, low, high) => {
    const run = opProfile(name, 'kem', 'dec', '20', String(ROUNDS));
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.type)).toEqual([...Array<string>(ROUNDS).fill('round'), 'profile', 'end']);
    // ROUNDS rounds of 20 profiled calls: exact counts, nothing outside pseudoXOF.
    expect(calls(run.lines)).toEqual({
      sm3hash: { origin: 'driver', calls: 0 },
      pseudohash: { origin: 'driver', calls: 0 },
      pseudoXOF: { origin: 'driver', calls: ROUNDS * 20 * perCall },
      get_random_number: { origin: 'driver', calls: 0 },
    });
    const rounds = run.lines.filter((line): line is Round => line.type === 'round');
    for (const round of rounds) expect(round.timedCalls).toMatchObject({ pseudoXOF: 20 * perCall });
    const share = median(rounds.map((round) => round.insideTicks.pseudoXOF! / round.profiledTicks));
    expect(share).toBeGreaterThan(low);
    expect(share).toBeLessThan(high);
  });

  test('enc and keygen: the DRNG and sm3hash calls of the construction, one each per call', () => {
    expect(calls(opProfile('pk_toy_profile_half', 'kem', 'enc', '5', '2').lines)).toMatchObject({
      pseudoXOF: { calls: 10 },
      get_random_number: { calls: 10 },
      sm3hash: { calls: 0 },
    });
    expect(calls(opProfile('pk_toy_profile_half', 'kem', 'keygen', '5', '2').lines)).toMatchObject({
      pseudoXOF: { calls: 0 },
      get_random_number: { calls: 10 },
      sm3hash: { calls: 10 },
    });
  });

  test('an instance that defines sm3hash itself: origin "instance", and none of its calls reach the driver', () => {
    const run = opProfile('pk_toy_kem_own_sm3hash', 'kem', 'enc', '5', '1');
    expect(run.status).toBe(0);
    expect(calls(run.lines).sm3hash).toEqual({ origin: 'instance', calls: 0 });
    expect(calls(run.lines).get_random_number).toEqual({ origin: 'driver', calls: 5 });
  });

  test('a category whose instances call no ICCS primitive is a usage error', () => {
    const run = opProfile(
      'toy_fof',
      'hash',
      'hash',
      '1',
      '1',
      '--param',
      'digestBits=256',
      '--param',
      'messageBytes=64',
    );
    expect(run.status).toBe(2);
    expect(run.lines[0]).toMatchObject({ type: 'error', code: 'USAGE', subcommand: 'op-profile' });
  });
});
