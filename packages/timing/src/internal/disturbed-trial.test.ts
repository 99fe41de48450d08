import { describe, expect, it } from '@jest/globals';
import { findDisturbance } from './disturbed-trial.js';

// 2.1 GHz fixed clock (the seed host); 0.95 × 2.1 GHz = 1.995 GHz is the line.
const CLOCK_HZ = 2.1e9;
const trial = (ticks: number, involuntarySwitches = 0) => ({ iterations: 1000, seconds: 1, ticks, involuntarySwitches, voluntarySwitches: 0 });

describe('findDisturbance', () => {
  it('flags core cycles below 95 % of the core clock', () => {
    expect(findDisturbance(trial(1.99e9), 'core-cycles', { coreClockHz: CLOCK_HZ })).toBe('ran at 1990 MHz, below 95 % of the 2100 MHz core clock');
    expect(findDisturbance(trial(1.996e9), 'core-cycles', { coreClockHz: CLOCK_HZ })).toBeNull();
  });

  it('never applies the clock test to a fixed-rate counter or without a known clock', () => {
    expect(findDisturbance(trial(1e9), 'fixed-rate', { coreClockHz: CLOCK_HZ })).toBeNull();
    expect(findDisturbance(trial(1e9), 'core-cycles', {})).toBeNull();
  });

  it('counts preemption only when asked', () => {
    expect(findDisturbance(trial(2.1e9, 2), 'fixed-rate', {})).toBeNull();
    expect(findDisturbance(trial(2.1e9, 2), 'fixed-rate', { rerunOnContextSwitch: true })).toBe('preempted 2 time(s) during the loop');
  });
});
