import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { resolveCandidate } from '@ngcc-perf/intake';
import { packageEvidence } from './package-evidence.js';

const UNMEASURED = {
  folder: 'Implementations/Optimized_Implementation/Medlar-core',
  version: 'Optimized_Implementation',
  katName: null,
  status: 'not-measurable' as const,
  reason: 'no header of its own defining ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH',
};

function documentOf(unmeasured: (typeof UNMEASURED)[] | undefined) {
  return {
    id: 'pkg-medlar',
    algorithm: 'Medlar',
    category: 'hash',
    instances: [
      {
        name: 'medlar_256',
        digestBits: 256,
        version: 'Reference_Implementation',
        sources: ['Implementations/Reference_Implementation/Medlar-256/medlar.c'],
      },
    ],
    ...(unmeasured === undefined ? {} : { unmeasured }),
  };
}

describe('packageEvidence', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'package-evidence-'));
  const folder = path.join(scratch, 'Medlar');
  mkdirSync(folder);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('a candidate.json listing folders not measured (as init writes it) is a package entry, like a discovered one', async () => {
    const written = await resolveCandidate(documentOf([UNMEASURED]), folder, 'candidate.json');
    const discovered = await resolveCandidate(documentOf([UNMEASURED]), folder, 'Medlar (discovered)', {
      origin: { packageName: 'Medlar', archive: null, archiveSha256: null },
    });
    const expected = {
      candidate: 'pkg-medlar',
      packageName: 'Medlar',
      archive: null,
      archiveSha256: null,
      versions: ['Reference_Implementation'],
      unmeasured: [UNMEASURED],
    };
    expect(packageEvidence([written], [])).toEqual([expected]);
    expect(packageEvidence([discovered], [])).toEqual([expected]);
  });

  it('a hand-written candidate.json without "unmeasured" gives no entry', async () => {
    expect(packageEvidence([await resolveCandidate(documentOf(undefined), folder, 'candidate.json')], [])).toEqual([]);
  });
});
