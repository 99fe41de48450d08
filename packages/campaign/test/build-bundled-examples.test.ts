// buildBundledExamples: the bundled examples as libraries, built by native's buildInstance with
// the guide's reference profile, each with what runKat and measureOperation need.
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundledExamplesDirectory, pacedMilliseconds } from '@ngcc-perf/native';
import { buildBundledExamples, CampaignError, type BuildBundledExamplesOptions } from '../src/index.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('buildBundledExamples', () => {
  it(
    'builds the instances asked for, with their digest lengths and manifests',
    async () => {
      const libraryDirectory = path.join(scratch, 'lib');
      const built = await buildBundledExamples({ libraryDirectory, instances: ['sm3', 'sha512'] });
      expect(
        built.map(({ candidateId, name, digestBits, libraryPath, manifestPath, buildFlags }) => ({
          candidateId,
          name,
          digestBits,
          libraryPath,
          manifestPath,
          buildFlags,
        })),
      ).toEqual([
        {
          candidateId: 'example-sha512',
          name: 'sha512',
          digestBits: 512,
          libraryPath: path.join(libraryDirectory, 'libsha512.so'),
          manifestPath: path.join(bundledExamplesDirectory(), 'sha512', 'kat.sha256'),
          buildFlags: '-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -shared',
        },
        {
          candidateId: 'example-sm3',
          name: 'sm3',
          digestBits: 256,
          libraryPath: path.join(libraryDirectory, 'libsm3.so'),
          manifestPath: path.join(bundledExamplesDirectory(), 'sm3', 'kat.sha256'),
          buildFlags: '-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -shared',
        },
      ]);
    },
    pacedMilliseconds(120_000),
  );

  it('names an instance that is not bundled, and the ones that are', async () => {
    const error = (await buildBundledExamples({ libraryDirectory: 'lib', instances: ['sha256'] }).catch(
      (thrown: unknown) => thrown,
    )) as CampaignError;
    expect(error).toBeInstanceOf(CampaignError);
    expect(error.message).toBe(
      'buildBundledExamples: no bundled instance "sha256"; the bundled instances are sha512, shake256_512, shake256_768, shake256_1024, sm3.',
    );
  });

  it('refuses an unknown option', async () => {
    const options = { libraryDir: 'lib' } as unknown as BuildBundledExamplesOptions;
    const error = (await buildBundledExamples(options).catch((thrown: unknown) => thrown)) as CampaignError;
    expect(error.code).toBe('USAGE');
    expect(error.message).toBe('buildBundledExamples: unknown field "libraryDir" (did you mean "libraryDirectory"?).');
  });
});
