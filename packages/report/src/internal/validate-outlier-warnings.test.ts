import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { TimingRecord } from '@ngcc-perf/record';
import { findDerivedDifference } from './validate-derived.js';

// A real TSC record with an outlier trial (test/fixtures/README.md, run-real).
const FILE = 'records/example-sm3/sm3__hash_128.json';
const text = readFileSync(fileURLToPath(new URL(`../../test/fixtures/run-real/${FILE}`, import.meta.url)), 'utf8');

describe('findDerivedDifference: the outlier warnings', () => {
  it("accepts the warnings timing writes: the trial means in the counter's term (ticks for the TSC)", () => {
    expect(findDerivedDifference(FILE, JSON.parse(text) as TimingRecord)).toBeNull();
  });

  it('names derived.warnings when an outlier sentence calls TSC ticks cycles', () => {
    const worded = JSON.parse(text.replace(' ticks) lies outside', ' cycles) lies outside')) as TimingRecord;
    expect(findDerivedDifference(FILE, worded)).toMatchObject({ check: 'derived', field: 'derived.warnings' });
  });

  it('names derived.warnings when an outlier sentence is left out', () => {
    const record = JSON.parse(text) as TimingRecord & { derived: { warnings: string[] } };
    record.derived.warnings = record.derived.warnings.filter((w) => !w.startsWith('trial 2 (mean'));
    expect(findDerivedDifference(FILE, record)).toMatchObject({ field: 'derived.warnings' });
  });
});
