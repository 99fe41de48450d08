import { describe, expect, it } from '@jest/globals';
import { comparisonJson } from './describe-comparison.js';

describe('comparisonJson', () => {
  it('writes a t of ±Infinity as "Infinity" / "-Infinity", as the compare docs say (it was null)', () => {
    const rows = [
      { test: { meanA: 5, meanB: 6, t: Infinity, degreesOfFreedom: 2, pValue: 0 } },
      { test: { meanA: 6, meanB: 5, t: -Infinity, degreesOfFreedom: 2, pValue: 0 } },
      { test: null },
    ];
    const parsed = JSON.parse(comparisonJson({ rows })) as { rows: Array<{ test: { t: unknown } | null }> };
    expect(parsed.rows.map((row) => row.test?.t ?? null)).toEqual(['Infinity', '-Infinity', null]);
  });
  it('leaves finite numbers as numbers', () => {
    expect(comparisonJson({ t: 1.5, ratio: 1 })).toBe('{\n  "t": 1.5,\n  "ratio": 1\n}\n');
  });
});
