// `countInstructions` on the real driver (native/build, via NGCC_PERF_DRIVER from jest.setup-env.js):
// valgrind's count is the same in every process, busy or not; a toy's count grows by its loop's
// instructions per round; the PMU path is run against a fake counter (LD_PRELOAD, libfake_pmu.so),
// since this host may have no PMU.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { spawnDriverProcess, pacedMilliseconds } from '@ngcc-perf/native';
import { countInstructions } from '../src/count-instructions.js';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.dirname(driverPath);
const example = (name: string) => path.join(nativeBuild, 'examples', `lib${name}.so`);
const testlib = (name: string) => path.join(nativeBuild, 'testlibs', `lib${name}.so`);
const describeWithDriver = existsSync(driverPath) ? describe : describe.skip;

/** Counts under valgrind; throws when the count failed, so that a failure shows its reason. */
async function valgrindCount(library: string, digestBits: number, messageBytes: number) {
  const result = await countInstructions({ library, digestBits, messageBytes, source: 'valgrind', calls: 2 });
  if (result.status !== 'complete') throw new Error(result.failure);
  return result.count;
}

describeWithDriver('countInstructions under valgrind', () => {
  it.each([
    ['sha512', 512, 4096],
    ['shake256_512', 512, 1024],
    ['sm3', 256, 1024],
  ])(
    'the bundled %s: five processes at once, the same count every time',
    async (name, digestBits, bytes) => {
      const counts = await Promise.all(
        Array.from({ length: 5 }, () => valgrindCount(example(name), digestBits, bytes)),
      );
      expect(counts[0]!.instructions).toBeGreaterThan(bytes);
      expect(new Set(counts.map((count) => count.instructions)).size).toBe(1);
      expect(counts.every((count) => count.exact && count.source === 'valgrind')).toBe(true);
      expect(counts[0]!.tool).toMatch(/^valgrind-\d/);
    },
    pacedMilliseconds(120_000),
  );

  (os.arch() === 'x64' ? it : it.skip)(
    'a toy with K rounds of a 4003-instruction loop: the count grows by exactly 4003 per round',
    async () => {
      const [one, two, three] = await Promise.all(
        [1, 2, 3].map((rounds) => valgrindCount(testlib(`toy_rounds_${rounds}`), 256, 64)),
      );
      expect(two!.instructions - one!.instructions).toBe(4003);
      expect(three!.instructions - two!.instructions).toBe(4003);
      // The fixed part (the toy hash over 64 bytes, the call) is below one round.
      expect(one!.instructions - 4003).toBeGreaterThan(0);
      expect(one!.instructions - 4003).toBeLessThan(4003);
    },
    pacedMilliseconds(60_000),
  );
});

describeWithDriver('countInstructions from the PMU (a fake counter preloaded)', () => {
  const withFake =
    (extra: Record<string, string>): typeof spawnDriverProcess =>
    (program, args, options) =>
      spawnDriverProcess(program, args, {
        ...options,
        env: { ...options.env, LD_PRELOAD: testlib('fake_pmu'), NGCC_PERF_SANDBOX: 'off', ...extra },
      });

  it('takes the harness off each call: the library reported 1000 x (64 + 1) instructions', async () => {
    const result = await countInstructions({
      library: testlib('toy_retire'),
      digestBits: 256,
      messageBytes: 64,
      source: 'pmu',
      spawn: withFake({}),
    });
    expect(result).toEqual({
      status: 'complete',
      count: expect.objectContaining({
        source: 'pmu-instructions',
        tool: null,
        harnessInstructions: [17, 17, 17],
        libraryInstructions: [65017, 65017, 65017],
        instructions: 65000,
        exact: true,
      }),
    });
  });

  it(
    'no PMU: --source pmu fails with the reason; auto falls back to valgrind, labelled as such',
    async () => {
      const spawn = withFake({ NGCC_FAKE_PMU: 'absent' });
      const base = { library: testlib('toy_retire'), digestBits: 256, messageBytes: 64, spawn };
      const forced = await countInstructions({ ...base, source: 'pmu' });
      expect(forced).toMatchObject({ status: 'failed', source: 'pmu-instructions' });
      expect(forced.status === 'failed' && forced.failure).toMatch(/PERF_COUNT_HW_INSTRUCTIONS.*No such file/);
      const auto = await countInstructions({ ...base, source: 'auto', calls: 1 });
      expect(auto).toMatchObject({ status: 'complete', count: { source: 'valgrind', exact: true } });
    },
    pacedMilliseconds(60_000),
  );
});
