import { describe, expect, it } from '@jest/globals';
import { pairedRatio } from './paired-ratio.js';
import { StatsError } from './stats-error.js';

const trials = (...means: number[]) => means.map((ticks) => ({ iterations: 10, ticks: ticks * 10 }));

describe('pairedRatio', () => {
  it('establishes a 10 % difference that the two headline intervals cannot separate', () => {
    // the host slows down and speeds up from round to round; B is 10 % slower in every round
    const a = trials(100, 140, 95, 120, 180);
    const b = trials(110, 154, 104.5, 132, 198);
    const paired = pairedRatio(b, a);
    expect(paired.medianRatio).toBeCloseTo(1.1, 12);
    expect(paired.order).toBe(1);
    expect(pairedRatio(a, b).order).toBe(-1);
    expect(paired.coverage).toBeCloseTo(0.9375, 12);
    expect(paired.rounds).toBe(5);
  });

  it('establishes nothing when the rounds disagree, or with one round', () => {
    const paired = pairedRatio(trials(100, 101, 99, 100, 102), trials(100, 100, 100, 100, 100));
    expect(paired.order).toBe(0);
    expect([paired.lowRatio, paired.highRatio]).toEqual([0.99, 1.02]);
    const one = pairedRatio(trials(100), trials(200));
    expect([one.order, one.lowRatio, one.coverage, one.medianRatio]).toEqual([0, null, null, 0.5]);
  });

  it('with 9 rounds leaves out one disturbed round on each side (k = 2)', () => {
    const a = trials(100, 100, 100, 100, 100, 100, 100, 100, 100);
    const b = trials(105, 104, 106, 105, 80, 105, 104, 106, 105); // round 5 of A was disturbed
    const paired = pairedRatio(b, a);
    expect(paired.order).toBe(1);
    expect(paired.lowRatio).toBeCloseTo(1.04, 12);
    expect(paired.coverage).toBeGreaterThanOrEqual(0.95);
  });

  it('refuses unpaired or invalid trials with a typed error', () => {
    expect(() => pairedRatio(trials(1, 2), trials(1))).toThrow(StatsError);
    expect(() => pairedRatio(trials(1, 2), trials(1))).toThrow(/2 trials against 1/);
    expect(() => pairedRatio([], [])).toThrow(expect.objectContaining({ code: 'EMPTY_SAMPLE' }));
    expect(() => pairedRatio([{ iterations: 0, ticks: 5 }], trials(1))).toThrow(
      expect.objectContaining({ code: 'INVALID_TRIAL' }),
    );
  });

  it('does not establish a difference under 1 %, however consistent (two builds of the same code)', () => {
    const a = trials(100, 100, 100, 100, 100);
    const placement = pairedRatio(trials(100.2, 100.3, 100.1, 100.3, 100.2), a);
    expect(placement.lowRatio).toBeGreaterThan(1);
    expect(placement.order).toBe(0);
    expect(pairedRatio(trials(100.2, 100.3, 100.1, 100.3, 100.2), a, 0).order).toBe(1);
    expect(pairedRatio(trials(101.5, 101.2, 101.8, 101.1, 101.3), a).order).toBe(1);
    expect(pairedRatio(a, trials(101.5, 101.2, 101.8, 101.1, 101.3)).order).toBe(-1);
  });
});
