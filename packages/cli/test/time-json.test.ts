// `ngcc-perf time --json` names its counter and its precision (issue: cycle capture you can trust).
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const examples = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'examples');

describe('ngcc-perf time --json', () => {
  it(
    'adds counter kind, rate and overhead, CV and CI of the trials, retries and host problems',
    async () => {
      const out: string[] = [];
      const code = await main(
        [
          'time',
          path.join(examples, 'libsha512.so'),
          '--digest-bits',
          '512',
          '--bytes',
          '4096',
          '--iterations',
          '50',
          '--trials',
          '3',
          '--json',
        ],
        { stdout: (t) => void out.push(t), stderr: () => undefined },
      );
      expect(code).toBe(0);
      const json = JSON.parse(out.join(''));
      expect(json.counterKind).toBe(json.counter.kind);
      expect(json.counterHz).toBeGreaterThan(0);
      expect(json.counterOverheadTicks).toBe(json.counter.overheadTicks);
      expect(json.trials).toHaveLength(3);
      expect(json.cv).toBeGreaterThanOrEqual(0);
      expect(json.ciLowCycles).toBeLessThanOrEqual(json.meanCycles);
      expect(json.ciHighCycles).toBeGreaterThanOrEqual(json.meanCycles);
      expect(Number.isInteger(json.disturbedRetries)).toBe(true);
      expect(Array.isArray(json.hostProblems)).toBe(true);
      if (json.counterKind === 'fixed-rate')
        expect(json.hostProblems.map((problem: { code: string }) => problem.code)).toContain('no-core-cycle-counter');
    },
    pacedMilliseconds(60_000),
  );
});
