// `profileOperation` on the real driver (native/build, via NGCC_PERF_DRIVER from jest.setup-env.js) and
// on a fake process: the toy pk_toy_profile_half (native/testlibs/pk_toy_profile_kem.c) spends half of
// its dec in pseudoXOF by construction; pk_toy_kem_static_sm3hash (pk_toy_kem.c) defines a static
// sm3hash, found in its symbol table, and its stripped twin says the table could not be read; a driver
// that fails gives a failure, not an exception.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { primitiveProfileSchema } from '@ngcc-perf/record';
import { PROFILE_OPERATION_DEFAULTS, profileOperation } from '../src/profile-operation.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.dirname(driverPath);
const testlib = (name: string) => path.join(nativeBuild, 'testlibs', `lib${name}.so`);
const describeWithDriver = existsSync(testlib('pk_toy_profile_half')) ? describe : describe.skip;
const dec = { category: 'kem', name: 'dec', parameters: {} };

describeWithDriver('profileOperation', () => {
  it('gives the record’s primitiveProfile: one pseudoXOF call per dec, about half of its time', async () => {
    const result = await profileOperation({ library: testlib('pk_toy_profile_half'), operation: dec, iterations: 20 });
    if (result.status !== 'complete') throw new Error(result.failure);
    const profile = primitiveProfileSchema.parse(result.profile);
    expect(profile.rounds).toHaveLength(PROFILE_OPERATION_DEFAULTS.rounds);
    const xof = profile.primitives.find((entry) => entry.name === 'pseudoXOF')!;
    expect(xof).toMatchObject({
      origin: 'driver',
      calls: 20 * PROFILE_OPERATION_DEFAULTS.rounds,
      callsPerOperation: 1,
    });
    expect(profile.symbolTable).toBe('read');
    expect(profile.primitives.filter((entry) => entry.origin === 'instance')).toEqual([]);
    expect(xof.share).toBeGreaterThan(0.4);
    expect(xof.share).toBeLessThan(0.6);
    expect(profile.command.slice(1)).toEqual([
      'op-profile',
      testlib('pk_toy_profile_half'),
      'kem',
      'dec',
      '20',
      String(PROFILE_OPERATION_DEFAULTS.rounds),
    ]);
  }, 60_000);

  it('a primitive the library defines without exporting it (static) is its own, by its symbol table', async () => {
    const result = await profileOperation({
      library: testlib('pk_toy_kem_static_sm3hash'),
      operation: dec,
      iterations: 5,
    });
    if (result.status !== 'complete') throw new Error(result.failure);
    // the driver's dlsym finds no sm3hash, and its stand-in sees no call: nm finds the local one
    expect(result.profile.symbolTable).toBe('read');
    expect(result.profile.primitives.find((entry) => entry.name === 'sm3hash')).toEqual({
      name: 'sm3hash',
      origin: 'instance',
      calls: 0,
      callsPerOperation: 0,
      share: null,
    });
    expect(result.profile.primitives.filter((entry) => entry.origin === 'instance')).toHaveLength(1);
  }, 60_000);

  it('the same library stripped: says the symbol table could not be read, does not guess', async () => {
    const result = await profileOperation({
      library: testlib('pk_toy_kem_static_sm3hash_stripped'),
      operation: dec,
      iterations: 5,
    });
    if (result.status !== 'complete') throw new Error(result.failure);
    expect(result.profile.symbolTable).toBe('stripped');
    expect(result.profile.primitives.find((entry) => entry.name === 'sm3hash')).toMatchObject({
      origin: 'driver',
      calls: 0,
    });
  }, 60_000);

  it('a set-up that fails its check is a failure naming the verdict', async () => {
    const result = await profileOperation({ library: testlib('pk_toy_kem_wrong_secret'), operation: dec });
    expect(result).toMatchObject({ status: 'failed', failure: expect.stringMatching(/kem_dec/) as unknown });
  }, 60_000);
});

describe('profileOperation with a fake driver', () => {
  it('a process that was killed is a failure, not an exception', async () => {
    const result = await profileOperation({
      library: 'lib.so',
      operation: dec,
      driverPath: process.execPath,
      spawn: async () => ({
        exitCode: null,
        signal: 'SIGKILL',
        timedOut: true,
        stdout: '',
        stderr: '',
        fd3: '',
        seconds: 1,
        startError: null,
        startCause: null,
      }),
    });
    expect(result).toEqual({ status: 'failed', failure: 'the profile did not finish in time' });
  });

  it('refuses zero rounds before starting anything', async () => {
    await expect(profileOperation({ library: 'lib.so', operation: dec, rounds: 0 })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
  });
});
