import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  describeAssumptions,
  expectedRerunsOf,
  measurePhaseAssumptions,
  measurePhaseSeconds,
  type EstimatedCalibration,
} from './measure-phase-estimate.js';

interface RecordedRun {
  measurePhase: { startedUtc: string; endedUtc: string };
  calibrations: Array<
    EstimatedCalibration & {
      instance: string;
      messageBytes: number;
      estimatedWallSeconds: number;
      plan: { trials: number; iterationsPerTrial: number; planCallSeconds: number; estimatedSeconds: number };
      calibration: { wallSeconds: number };
    }
  >;
  records: Array<{ instance: string; messageBytes: number; cpu: number; reruns: number }>;
}

// Real measure phases of the bundled examples on the busy 2-vCPU development VM, one measuring
// CPU, trials interleaved per message size (test/fixtures/eta-run-interleaved/README.md).
const RUNS = ['load-6-to-9', 'busy-loops'] as const;
const read = (name: string): RecordedRun =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../test/fixtures/eta-run-interleaved/${name}.json`, import.meta.url)), 'utf8'),
  ) as RecordedRun;
const phaseSecondsOf = (run: RecordedRun) =>
  (Date.parse(run.measurePhase.endedUtc) - Date.parse(run.measurePhase.startedUtc)) / 1000;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('measurePhaseSeconds on recorded runs', () => {
  it('at load 6–9, the plan is within 20 % of the real measure phase (one CPU)', () => {
    const run = read('load-6-to-9');
    expect(run.calibrations).toHaveLength(40);
    expect(new Set(run.records.map((r) => r.cpu)).size).toBe(1);
    const assumptions = measurePhaseAssumptions(run.calibrations, null);
    const planSeconds = sum(run.calibrations.map((file) => measurePhaseSeconds(file, assumptions)!));
    expect(Math.abs(planSeconds / phaseSecondsOf(run) - 1)).toBeLessThan(0.2);
  });

  it.each(RUNS)('%s: without the reruns (the estimate before) it is more than 20 % short', (name) => {
    const run = read(name);
    const idle = measurePhaseAssumptions(run.calibrations, null);
    const before = sum(
      run.calibrations.map(
        (file) =>
          measurePhaseSeconds(file, idle)! -
          expectedRerunsOf(file, idle) * (file.estimatedWallSeconds / file.plan.trials),
      ),
    );
    expect(before / phaseSecondsOf(run)).toBeLessThan(0.8);
  });

  it.each(RUNS)('%s: the expected reruns are those the phase ran, within half', (name) => {
    const run = read(name);
    const assumptions = measurePhaseAssumptions(run.calibrations, null);
    const expected = sum(run.calibrations.map((file) => expectedRerunsOf(file, assumptions)));
    const actual = sum(run.records.map((r) => r.reruns));
    expect(Math.abs(expected - actual)).toBeLessThanOrEqual(actual / 2);
  });
});

describe('the estimate', () => {
  const file: EstimatedCalibration = {
    estimatedWallSeconds: 6,
    plan: { trials: 5, iterationsPerTrial: 20000, planCallSeconds: 5e-5, estimatedSeconds: 5.5 },
    calibration: { wallSeconds: 0.1, trial: { seconds: 0.01, involuntarySwitches: 0, warmCheck: { seconds: 0.01 } } },
    hostPace: 2,
  };
  const assumptions = measurePhaseAssumptions([file], null);

  it('adds every process of the phase and the expected reruns', () => {
    const start = (6 - 5.5) / 5;
    const reruns = expectedRerunsOf(file, assumptions);
    const processes = 6 + 0.1 + (start + 2001 * 5e-5) + start;
    expect(measurePhaseSeconds(file, assumptions)).toBeCloseTo(processes + reruns * (6 / 5), 10);
    expect(measurePhaseSeconds({ ...file, estimatedWallSeconds: null }, assumptions)).toBeNull();
  });

  it('adds an instruction count when the plan asks for one: a valgrind process costs more than a PMU one', () => {
    const none = measurePhaseSeconds(file, assumptions)!;
    const pmu = measurePhaseSeconds(file, { ...assumptions, countInstructions: 'pmu' })!;
    const valgrind = measurePhaseSeconds(file, { ...assumptions, countInstructions: 'valgrind' })!;
    expect(pmu).toBeGreaterThan(none);
    expect(valgrind).toBeGreaterThan(pmu);
  });

  it('reads the pace and the calibration loops of the files (null when no file has a pace)', () => {
    expect(assumptions).toEqual({ hostPace: 2, contextSwitches: 0, timedLoopSeconds: 0.02, countInstructions: null });
    expect(measurePhaseAssumptions([{ ...file, hostPace: undefined }], null).hostPace).toBeNull();
  });

  it('says what it assumes', () => {
    expect(describeAssumptions(assumptions, 1.14)).toBe(
      "the calibration's call times; ≈ 1.1 disturbed-trial reruns per operation (0 context switches in 0.02 s of " +
        'calibration loops); calibration, trials, per-call sample and memory processes of every operation; ' +
        'no instruction counts; host pace 2.00 measured, not applied',
    );
  });
});
