import { describe, expect, it } from '@jest/globals';
import { EVIDENCE_ENTRIES, runPaths } from './run-paths.js';

describe('runPaths (the run directory layout, @ngcc-perf/record/docs/RUN-DIRECTORY.md)', () => {
  it('places records, calibrations, KAT logs, libraries and pages under the candidate, with / separators', () => {
    expect(runPaths.record('hash-15', 'litchi_256', 64)).toBe('records/hash-15/litchi_256__hash_64.json');
    expect(runPaths.calibration('hash-15', 'litchi_256', 64)).toBe('calibration/hash-15/litchi_256__hash_64.json');
    expect(runPaths.katLog('hash-15', 'litchi_256')).toBe('kat/hash-15/litchi_256.log');
    expect(runPaths.library('hash-15', 'litchi_256')).toBe('lib/hash-15/liblitchi_256.so');
    expect(runPaths.report('hash-15', 'x86_1', 'html')).toBe('reports/hash-15/perf_x86_1.html');
  });

  it("names the files of any category's operation by the stem its category gives, hash's the same way", () => {
    expect(runPaths.operationRecord('kem-02', 'amoeba_1', 'enc')).toBe('records/kem-02/amoeba_1__enc.json');
    expect(runPaths.operationCalibration('kem-02', 'amoeba_1', 'enc')).toBe('calibration/kem-02/amoeba_1__enc.json');
    expect(runPaths.operationRecord('hash-15', 'litchi_256', 'hash_64')).toBe(
      runPaths.record('hash-15', 'litchi_256', 64),
    );
  });

  it('counts every top-level folder a file of runPaths goes into as evidence, and never the lock', () => {
    const tops = [
      runPaths.campaign,
      runPaths.build,
      runPaths.record('a', 'b', 1),
      runPaths.calibration('a', 'b', 1),
      runPaths.operationRecord('a', 'b', 'enc'),
      runPaths.operationCalibration('a', 'b', 'enc'),
      runPaths.katLog('a', 'b'),
      runPaths.library('a', 'b'),
      runPaths.report('a', 'x86_1', 'md'),
    ].map((file) => file.split('/')[0]!);
    for (const top of tops) expect(EVIDENCE_ENTRIES).toContain(top);
    expect(EVIDENCE_ENTRIES).not.toContain(runPaths.lock);
  });
});
