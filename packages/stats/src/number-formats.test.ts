import { describe, expect, it } from '@jest/globals';
import {
  formatCycles,
  formatCyclesPerByte,
  formatDigestShort,
  formatKib,
  formatMeasurementCount,
  formatMegabytesPerSecond,
  formatOpsPerSecond,
  formatSeconds,
} from './number-formats.js';
import { StatsError } from './stats-error.js';

describe('formatCycles (round first, then pick the unit)', () => {
  it.each([
    [9999.4, '9999'],
    [9999.6, '10.0 k'], // the anchor printed 10000
    [999_949, '999.9 k'],
    [999_960, '1.00 M'], // the anchor printed 1000.0 k
    [1e9, '1.00 G'],
    [999_994_999, '999.99 M'],
    [999_995_001, '1.00 G'],
    [0, '0'],
  ])('%d → %s', (cycles, text) => {
    expect(formatCycles(cycles)).toBe(text);
  });

  it.each([
    [4129.3, '4129'],
    [20_412, '20.4 k'],
    [2_061_000, '2.06 M'],
    [12_540_000, '12.54 M'],
    [133_949, '133.9 k'],
    [687_000, '687.0 k'],
  ])('seed figure %d → %s', (cycles, text) => {
    expect(formatCycles(cycles)).toBe(text);
  });
});

describe('formatSeconds (3 significant digits, largest unit ≥ 1, trailing zeros dropped)', () => {
  it.each([
    [1.97e-6, '1.97 µs'],
    [9.86e-4, '986 µs'],
    [1.31e-3, '1.31 ms'],
    [6.4e-5, '64 µs'], // seed prints 64 µs, not 64.0 µs
    [4.0e-6, '4 µs'], // seed prints 4 µs
    [1.14e-6, '1.14 µs'],
    [1.01e-5, '10.1 µs'],
    [3.8e-3, '3.8 ms'], // seed 001
    [1e-5, '10 µs'], // anchor arm_1
    [999.4e-6, '999 µs'],
    [999.6e-6, '1 ms'], // 999.6 µs rounds to 1.00 ms: never "1e+03 µs"
    [999.6e-9, '1 µs'],
    [0.9996, '1 s'],
    [45.5, '45.5 s'],
    [1234.5, '1235 s'],
    [850e-12, '0.85 ns'],
    [0, '0 s'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });

  it('never prints an exponent over a sweep of 1 ns … 100 s', () => {
    for (let exponent = -9; exponent <= 2; exponent += 0.001) {
      expect(formatSeconds(10 ** exponent)).toMatch(/^\d+(\.\d+)? (ns|µs|ms|s)$/);
    }
  });
});

describe('one-decimal rates, counts, KiB, digests', () => {
  it('cycles/byte and MB/s with one decimal (seed 129.0, 65.4)', () => {
    expect(formatCyclesPerByte(4129 / 32)).toBe('129.0');
    expect(formatCyclesPerByte(36_630 / 1024)).toBe('35.8');
    expect(formatMegabytesPerSecond(16384 / 250.5e-6 / 1e6)).toBe('65.4');
    expect(formatMegabytesPerSecond(100.94)).toBe('100.9');
  });

  it('measurement count as n (trials × iterations) (seed 100000 (5 × 20000), 73960 (5 × 14792))', () => {
    expect(formatMeasurementCount(5, 20000)).toBe('100000 (5 × 20000)');
    expect(formatMeasurementCount(5, 14792)).toBe('73960 (5 × 14792)');
  });

  it('KiB (seed 1760 KiB = 1802240 bytes)', () => {
    expect(formatKib(1_802_240)).toBe('1760 KiB');
    expect(formatKib(1_437_696)).toBe('1404 KiB');
  });

  it('digest short form (seed 4cee4d72f05f9c85…)', () => {
    expect(formatDigestShort(`4cee4d72f05f9c85${'0'.repeat(48)}`)).toBe('4cee4d72f05f9c85…');
    expect(() => formatDigestShort('4cee')).toThrow(StatsError);
  });

  it('rejects negative and non-finite values with INVALID_NUMBER', () => {
    for (const run of [
      () => formatCycles(-1),
      () => formatSeconds(Number.NaN),
      () => formatKib(Infinity),
      () => formatMeasurementCount(5, 0.5),
    ]) {
      expect(run).toThrow(expect.objectContaining({ code: 'INVALID_NUMBER', name: 'StatsError' }));
    }
  });
});

describe('formatOpsPerSecond', () => {
  it('gives three significant figures without an exponent', () => {
    expect(formatOpsPerSecond(2374.72)).toBe('2375');
    expect(formatOpsPerSecond(123.5)).toBe('124');
    expect(formatOpsPerSecond(93.14)).toBe('93.1');
    expect(formatOpsPerSecond(0.051234)).toBe('0.0512');
    expect(formatOpsPerSecond(0)).toBe('0');
  });
  it('refuses a negative or non-finite value', () => {
    expect(() => formatOpsPerSecond(-1)).toThrow(StatsError);
    expect(() => formatOpsPerSecond(Number.NaN)).toThrow(StatsError);
  });
});
