import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { bundledExamplesDirectory } from '@ngcc-perf/native';
import { parseManifest } from '@ngcc-perf/kat';
import { baselineCandidate, BASELINE_CANDIDATE_ID } from './baseline-candidate.js';
import { loadCandidate } from '@ngcc-perf/intake';

describe('baselineCandidate', () => {
  it('is sm3hash (the SM3 example’s sm3.c) and pseudoXOF at every width the candidates use', async () => {
    const candidates = await Promise.all(
      ['sm3', 'sha512', 'shake256'].map((folder) => loadCandidate(path.join(bundledExamplesDirectory(), folder))),
    );
    const { candidate, baseline } = await baselineCandidate(candidates);
    expect(baseline).toEqual({
      candidate: BASELINE_CANDIDATE_ID,
      instances: [
        { instance: 'sm3hash', helper: 'sm3hash', digestBits: 256 },
        { instance: 'pseudoxof_256', helper: 'pseudoXOF', digestBits: 256 },
        { instance: 'pseudoxof_512', helper: 'pseudoXOF', digestBits: 512 },
        { instance: 'pseudoxof_768', helper: 'pseudoXOF', digestBits: 768 },
        { instance: 'pseudoxof_1024', helper: 'pseudoXOF', digestBits: 1024 },
      ],
    });
    const sm3 = candidates[0]!.instances[0]!;
    const sm3hash = candidate.instances.find((instance) => instance.name === 'sm3hash')!;
    // the candidate that is the baseline: the same source file and the same KAT files
    expect(sm3hash.sourcePaths).toEqual(sm3.sourcePaths);
    expect(sm3hash.katName).toBe('sm3');
    expect(candidate.instances.find((instance) => instance.name === 'pseudoxof_512')!.sourcePaths).toEqual([
      path.join(bundledExamplesDirectory(), 'sm3', 'pseudoxof.c'),
    ]);
  });

  it('has a manifest entry for every instance at every multiple of 32 bits up to 2048', async () => {
    const sm3 = await loadCandidate(path.join(bundledExamplesDirectory(), 'sm3'));
    // 384, 640 and 896 are widths of the official catalog that had no entry (a NOKAT baseline)
    const widths = Array.from({ length: 64 }, (_, index) => 32 * (index + 1));
    const { candidate } = await baselineCandidate([
      { ...sm3, instances: widths.map((digestBits) => ({ ...sm3.instances[0]!, digestBits })) },
    ]);
    const manifest = parseManifest(await readFile(candidate.manifestPath!, 'utf8'), 'baseline.sha256');
    const entries = manifest.entries.map((entry) => `${entry.label}/${entry.file}`);
    for (const instance of candidate.instances) {
      expect(entries).toContain(`${instance.katName}/KAT_2_12_${instance.katName}.txt`);
      expect(entries).toContain(`${instance.katName}/KAT_2_23_${instance.katName}.txt`);
    }
    expect(candidate.instances).toHaveLength(65);
  });
});
