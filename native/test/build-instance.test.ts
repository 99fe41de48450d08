// buildInstance: the builder a campaign and a script share, run on the bundled SM3 example with
// the guide's reference profile; the library it makes hashes the GB/T 32905 example "abc".
import { afterAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInstance, bundledExamplesDirectory, NativeError, type BuildInstanceOptions } from '../src/index.js';
import { pacedMilliseconds } from '../src/host-pace.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SM3_ABC = '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0';

/** One frame for `ngcc-perf-driver hash`: 8-byte little-endian bit length, then the bytes. */
function frame(bytes: Buffer): Buffer {
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(bytes.length * 8));
  return Buffer.concat([length, bytes]);
}

describe('buildInstance', () => {
  it(
    'builds the SM3 example with the reference profile, recording its flags and commands',
    async () => {
      const sourceRoot = path.join(bundledExamplesDirectory(), 'sm3');
      const built = await buildInstance({
        instance: { name: 'sm3', sourcePaths: ['sm3.c'], includeDirPaths: ['.'] },
        profile: 'reference',
        libraryDirectory: path.join(scratch, 'lib'),
        sourceRoot,
      });
      expect(built.libraryPath).toBe(path.join(scratch, 'lib', 'libsm3.so'));
      expect(built.flags).toBe('guide');
      expect(built.buildFlags).toBe('-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -shared');
      expect(built.librarySha256).toMatch(/^[0-9a-f]{64}$/);
      expect(built.compileCommands).toHaveLength(1);
      expect(built.compileCommands[0]).toMatch(/^gcc .*-std=c99 -Wpedantic -Wall -Wextra -O2 .*-c sm3\.c$/);
      const out = execFileSync(process.env.NGCC_PERF_DRIVER!, ['hash', built.libraryPath, '256'], {
        input: frame(Buffer.from('abc')),
        encoding: 'utf8',
      });
      expect(out).toContain(`"hex":"${SM3_ABC.toUpperCase()}"`);
    },
    pacedMilliseconds(120_000),
  );

  it.each([
    ['in the package folder itself', 'pkg|a:b?[c]', '.'],
    ['below the package folder', 'pkg', '東方|x:y?[z]\tw'],
  ])(
    'builds a library when "|", ":", "?", "[", "]" or a tab is %s (a safe copy; make cannot take them)',
    async (_where, packageFolder, instanceFolder) => {
      const sourceRoot = path.join(scratch, 'odd-names', packageFolder);
      const folder = path.join(sourceRoot, instanceFolder);
      mkdirSync(folder, { recursive: true });
      for (const file of ['sm3.c'])
        copyFileSync(path.join(bundledExamplesDirectory(), 'sm3', file), path.join(folder, file));
      const built = await buildInstance({
        instance: { name: 'sm3', sourcePaths: [path.join(instanceFolder, 'sm3.c')], includeDirPaths: [instanceFolder] },
        profile: 'reference',
        libraryDirectory: path.join(scratch, 'odd-names', 'lib'),
        sourceRoot,
      });
      const out = execFileSync(process.env.NGCC_PERF_DRIVER!, ['hash', built.libraryPath, '256'], {
        input: frame(Buffer.from('abc')),
        encoding: 'utf8',
      });
      expect(out).toContain(`"hex":"${SM3_ABC.toUpperCase()}"`);
    },
    pacedMilliseconds(120_000),
  );

  it('refuses an unknown option with the one it resembles, before running anything', async () => {
    const options = {
      instance: { name: 'sm3', sourcePaths: ['sm3.c'] },
      profile: 'reference',
      libraryDir: 'lib',
    } as unknown as BuildInstanceOptions;
    const error = await buildInstance(options).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(NativeError);
    expect((error as NativeError).code).toBe('INVALID_OPTIONS');
    expect((error as NativeError).message).toBe(
      'buildInstance: unknown field "libraryDir" (did you mean "libraryDirectory"?).',
    );
  });

  it("names a profile that is not the guide's", async () => {
    const options = {
      instance: { name: 'sm3', sourcePaths: ['sm3.c'] },
      profile: 'fast',
      libraryDirectory: 'lib',
    } as unknown as BuildInstanceOptions;
    const error = (await buildInstance(options).catch((thrown: unknown) => thrown)) as NativeError;
    expect(error.message).toMatch(/^buildInstance: field "profile": .*"reference".*; got a string \("fast"\)\.$/);
  });
});
