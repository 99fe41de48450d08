// An optimized folder calling an AES-NI intrinsic (test/support/intrinsic-packages.ts): gcc refuses
// it without -maes ("target specific option mismatch"). The build retries it with the host's
// matching flag and records why; on a host without the feature, the build fails naming it.
// Before, the optimized instance never built (LOADFAIL) and discovery linked the reference
// folder's CryptHash into it in place of the source the compiler refused.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedMilliseconds } from '@ngcc-perf/native';
import {
  discoverPackage,
  type DiscoveredPackage,
  readHashCatalog,
  resolveRunInputs,
  readHostTargetOptions,
  type Candidate,
} from '@ngcc-perf/intake';
import { buildCandidateInstance, isBuildFailure } from '../src/engine/build-candidate-instance.js';
import { writeAesToyPackage } from './support/intrinsic-packages.js';
import { runTinyCampaign } from './support/tiny-campaign.js';

const catalog = readHashCatalog(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-packages', 'catalog'),
);
const x64 = process.arch === 'x64';
const work = mkdtempSync(path.join(tmpdir(), 'target-features-'));
const runDirectory = path.join(work, 'run');
let candidate: Candidate;
let discovered: DiscoveredPackage;
let hostHasAes = false;
let build: {
  instances: {
    instance: string;
    kat: string;
    katDetail: string | null;
    buildFlags: string;
    targetFlags?: { flag: string; reason: string }[];
    addedSources?: unknown[];
  }[];
};

beforeAll(async () => {
  if (!x64) return;
  hostHasAes = (await readHostTargetOptions())?.native.has('-maes') ?? false;
  const packageFolder = writeAesToyPackage(path.join(work, 'packages'));
  discovered = await discoverPackage(packageFolder, { catalog, host: { arch: 'x64', cpuFlags: [] } });
  const resolved = await resolveRunInputs([packageFolder], {
    extractionDirectory: path.join(runDirectory, 'packages'),
    catalog,
    host: { arch: 'x64', cpuFlags: [] },
    refused: [],
  });
  candidate = resolved[0]!.candidate;
  ({ build } = await runTinyCampaign<typeof build>({
    candidates: [candidate],
    outDirectory: runDirectory,
    phases: ['check-host', 'build', 'kat'],
  }));
}, pacedMilliseconds(300_000));

afterAll(() => rmSync(work, { recursive: true, force: true }));

(x64 ? describe : describe.skip)('an intrinsic that needs a target feature (x86-64)', () => {
  test('discovery compiles the optimized source as the build will and takes no other folder’s CryptHash', () => {
    const optimized = candidate.instances.find((i) => i.variant === 'performance')!;
    expect(optimized.sourcePaths.map((p) => path.basename(p))).toEqual(['wolfberry_aesni.c']);
    expect(optimized.addedSources).toEqual([]);
    const found = discovered.instances.find((i) => i.version.variant === 'performance')!;
    expect(found.targetFlags.map((t) => t.flag)).toEqual(hostHasAes ? ['-maes'] : []);
    expect(discovered.instances.find((i) => i.version.variant === 'reference')!.targetFlags).toEqual([]);
  });

  test('the optimized instance is built with the host’s -maes, recorded with why, and passes its KATs', () => {
    const optimized = build.instances.find((i) => i.instance.endsWith('.optimized'))!;
    expect(optimized.addedSources).toBeUndefined();
    if (hostHasAes) {
      expect(optimized.kat).toBe('PASS');
      expect(optimized.buildFlags).toMatch(/ -maes /);
      expect(optimized.targetFlags).toEqual([
        {
          flag: '-maes',
          reason: expect.stringMatching(/_mm_aesenc_si128 .*target specific option mismatch.*has aes/) as unknown,
        },
      ]);
    } else {
      expect(optimized.kat).toBe('LOADFAIL');
      expect(optimized.katDetail).toMatch(/_mm_aesenc_si128 .*needs the CPU feature aes \(-maes\)/);
    }
    const reference = build.instances.find((i) => !i.instance.endsWith('.optimized'))!;
    expect([reference.kat, reference.targetFlags]).toEqual(['PASS', undefined]);
  });

  test('on a host whose CPU lacks the feature, the build fails naming it and its flag', async () => {
    const optimized = candidate.instances.find((i) => i.variant === 'performance')!;
    const failure = await buildCandidateInstance(
      optimized,
      { profile: 'performance', libraryDirectory: path.join(work, 'no-aes') },
      () => Promise.resolve({ native: new Set(['-msse2']), default: new Set(['-msse2']) }),
    ).catch((error: unknown) => error);
    expect(isBuildFailure(failure)).toBe(true);
    expect((failure as Error).message).toMatch(
      /error: _mm_aesenc_si128 \(wmmintrin\.h:\d+\) needs the CPU feature aes \(-maes\), which this host's CPU does not have/,
    );
  });
});
