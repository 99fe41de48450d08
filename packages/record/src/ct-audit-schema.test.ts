import { describe, expect, it } from '@jest/globals';
import { ctAuditSchema } from './ct-audit-schema.js';

const TIMING = {
  messageBits: 0,
  counter: 'tsc',
  samplesCount: 20000,
  maxAbsT: 1.25,
  thresholdAbsT: 4.5,
  differenceSuspected: false,
  seconds: 0.8,
};

// An operation audit as a run recorded before per-operation timing tests wrote it.
const OLDER = {
  verdict: 'constant-time',
  reason: null,
  detail: null,
  auditedBuildFlags: '-O2 -g',
  valgrindVersion: 'valgrind-3.19.0',
  messageBits: [],
  operations: [
    { operation: 'derive-a', secrets: ['ska'], description: 'a' },
    { operation: 'derive-b', secrets: ['skb'], description: 'b' },
  ],
  coverageLimits: [],
  findings: [],
  taintSeconds: 1.5,
  timing: TIMING,
  timingDetail: null,
  notes: [
    'derive-b: timing test over secret keys, 20000 samples, max |t| 0.5 (threshold 4.5), difference not suspected',
  ],
};

describe('the constant-time audit in build.json', () => {
  it('reads a run recorded before per-operation timing tests: no operationTimings, the first timing test kept', () => {
    const audit = ctAuditSchema.parse(OLDER);
    expect(audit.operationTimings).toBeUndefined();
    expect(audit.timing).toMatchObject({ samplesCount: 20000, repeat: null, direction: null });
  });

  it('keeps every operation’s timing test with its classes, a test that did not run as null with its reason', () => {
    const audit = ctAuditSchema.parse({
      ...OLDER,
      operationTimings: [
        { operation: 'derive-a', classes: 'one exchange against others', timing: TIMING, timingDetail: null },
        { operation: 'derive-b', classes: 'one exchange against others', timing: null, timingDetail: 'skipped' },
      ],
    });
    expect(audit.operationTimings?.map((entry) => entry.operation)).toEqual(['derive-a', 'derive-b']);
    expect(audit.operationTimings?.[0]?.timing).toMatchObject({ maxAbsT: 1.25, minSamplesReached: null });
    expect(audit.operationTimings?.[1]).toEqual({
      operation: 'derive-b',
      classes: 'one exchange against others',
      timing: null,
      timingDetail: 'skipped',
    });
  });

  it('refuses an operation timing test without its classes', () => {
    const result = ctAuditSchema.safeParse({
      ...OLDER,
      operationTimings: [{ operation: 'derive-a', timing: TIMING, timingDetail: null }],
    });
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'operationTimings.0.classes',
    ]);
  });
});
