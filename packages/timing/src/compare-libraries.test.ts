import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { FakeRunner, perCall, type Responder } from '../test/support/fake-runner.js';
import { compareLibraries, type CompareLibrariesOptions } from './compare-libraries.js';
import { formatComparison } from './format-comparison.js';

/** Library `a` at `ticksA` per call, `b` at `ticksB(n)` in its n-th driver process, TSC counter. */
function twoLibraries(ticksA: number, ticksB: (process: number) => number): Responder {
  let processOfB = 0;
  return (args) => {
    const isA = args.library.endsWith('liba.so');
    if (!isA) processOfB += 1;
    const ticks = isA ? ticksA : ticksB(processOfB);
    return perCall(ticks / 2e9, ticks, { cpu: 1 })(args);
  };
}

const LIBRARIES: CompareLibrariesOptions['libraries'] = [
  { name: 'a', library: '/libs/liba.so', digestBits: 256 },
  { name: 'b', library: '/libs/libb.so', digestBits: 256 },
];

afterEach(() => {
  jest.restoreAllMocks();
});

describe('compareLibraries', () => {
  it('runs the trials of both libraries in turns and gives each its headline and the pair its verdict', async () => {
    const runner = new FakeRunner([twoLibraries(1000, () => 2000)]);
    const comparison = await compareLibraries({
      libraries: LIBRARIES,
      messageSizesBytes: [64],
      options: { trialTargetSeconds: 0.001 },
      cpu: 1,
      hostCheck: 'off',
      runner,
    });
    // the calibrations first, then 5 trials each; every round (trial k) holds one trial of each library
    const trials = runner.calls.filter((call) => call.warmups > 0);
    expect(runner.calls.slice(0, -10).every((call) => call.warmups === 0)).toBe(true);
    expect(trials).toHaveLength(10);
    for (let round = 0; round < 5; round += 1) {
      const libraries = trials.slice(2 * round, 2 * round + 2).map((call) => call.library);
      expect(libraries.sort()).toEqual(['/libs/liba.so', '/libs/libb.so']);
    }
    expect(comparison.figures.map((figure) => [figure.name, figure.messageBytes, figure.status])).toEqual([
      ['a', 64, 'complete'],
      ['b', 64, 'complete'],
    ]);
    // 1000 ticks per call over 64 bytes: 15.625 ticks/byte, every trial alike
    expect(comparison.figures[0]!.headline).toMatchObject({ medianCyclesPerByte: 15.625, coverage: 0.9375 });
    expect(comparison.pairs).toHaveLength(1);
    expect(comparison.pairs[0]).toMatchObject({ messageBytes: 64, a: 'a', b: 'b', verdict: 'A faster' });
    expect(comparison.pairs[0]!.ratio).toMatchObject({ medianRatio: 0.5, lowRatio: 0.5, highRatio: 0.5, rounds: 5 });
    expect(comparison.hostProblems).toBeNull();
    const text = formatComparison(comparison);
    expect(text).toContain('tsc ticks/byte with interval');
    expect(text).toMatch(/^a +64 {2}15\.6 \(15\.6–15\.6\) at 93\.8 %$/m);
    expect(text).toContain('64 B: a / b = 0.500 (0.500–0.500 at 93.8 %, 5 rounds): a faster\n');
  });

  it('says "cannot be told apart" when the round ratios straddle 1 ± 1 %', async () => {
    // b alternates 2 % above and below a: the ratios lie on both sides of 1
    const runner = new FakeRunner([twoLibraries(1000, (call) => (call % 2 === 0 ? 1020 : 980))]);
    const comparison = await compareLibraries({
      libraries: [LIBRARIES[1]!, LIBRARIES[0]!],
      messageSizesBytes: [64, 4096],
      cpu: 1,
      hostCheck: 'off',
      runner,
    });
    expect(comparison.pairs.map((pair) => [pair.messageBytes, pair.a, pair.b, pair.verdict])).toEqual([
      [64, 'b', 'a', 'cannot be told apart'],
      [4096, 'b', 'a', 'cannot be told apart'],
    ]);
    for (const pair of comparison.pairs) {
      expect(pair.verdict).toBe('cannot be told apart');
      expect(pair.ratio!.lowRatio! < 1 && pair.ratio!.highRatio! > 1).toBe(true);
    }
  });

  it('returns the host problems and writes them on stderr unless quiet', async () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const options = { libraries: LIBRARIES, messageSizesBytes: [64], cpu: 1 } as const;
    // the fake driver's counter is the TSC: never core cycles, always a problem
    const warned = await compareLibraries({ ...options, runner: new FakeRunner([twoLibraries(1000, () => 1000)]) });
    expect(warned.hostProblems!.map((problem) => problem.code)).toContain('no-core-cycle-counter');
    expect(write.mock.calls.map(([text]) => String(text)).join('')).toMatch(
      /^ngcc-perf: warning: this host has \d+ problem\(s\) that make the figures less trustworthy/,
    );
    write.mockClear();
    const quiet = await compareLibraries({
      ...options,
      hostCheck: 'quiet',
      runner: new FakeRunner([twoLibraries(1000, () => 1000)]),
    });
    expect(quiet.hostProblems).toEqual(warned.hostProblems);
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses one library, a repeated name and an unknown option, naming each', async () => {
    const runner = new FakeRunner([twoLibraries(1000, () => 1000)]);
    await expect(compareLibraries({ libraries: [LIBRARIES[0]!], runner })).rejects.toThrow(
      'compareLibraries: got 1 library; pass two or more to compare',
    );
    await expect(compareLibraries({ libraries: [LIBRARIES[0]!, LIBRARIES[0]!], runner })).rejects.toThrow(
      'the name "a" is given to two libraries',
    );
    await expect(
      compareLibraries({ libraries: LIBRARIES, runner, messageBytes: 64 } as unknown as CompareLibrariesOptions),
    ).rejects.toThrow(/messageBytes/);
    expect(runner.calls).toHaveLength(0);
  });
});
