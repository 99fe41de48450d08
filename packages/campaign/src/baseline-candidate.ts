import path from 'node:path';
import { bundledExamplesDirectory } from '@ngcc-perf/native';
import type { CampaignBaseline } from '@ngcc-perf/record';
import { resolveCandidate, type Candidate } from '@ngcc-perf/intake';
import type { CampaignCandidate } from './engine/campaign-candidate.js';

/** The candidate id of the ICCS baseline in build.json and records/ (the NGCC site's ordered measurements). */
export const BASELINE_CANDIDATE_ID = 'iccs-baseline';

/**
 * The ICCS baseline as a candidate of the campaign (the NGCC site's ordered measurements, @ngcc-perf/native/examples/README.md): `sm3hash`
 * (SM3 of GB/T 32905-2016, the SM3 example's `sm3.c`, 256 bits) and `pseudoXOF` (KDF-SM3 of
 * GB/T 32918.4-2016 §5.4.3, `pseudoxof.c`) as `pseudoxof_<bits>` at every output width the
 * candidates use, built from the bundled sources with the reference profile and KAT-checked
 * against `baseline.sha256` like any candidate. Widths that are not whole bytes are skipped.
 *
 * @param candidates - the campaign's candidates; the `digestBits` of their hash instances pick the widths.
 * @param examplesDirectory - default `bundledExamplesDirectory()` of @ngcc-perf/native.
 * @returns the candidate and campaign.json's `baseline` (record's `CampaignBaseline`).
 * @throws IntakeError (@ngcc-perf/intake) `CANDIDATE_INVALID` when the bundled sources are missing.
 * @example
 * ```ts
 * const { candidate, baseline } = await baselineCandidate(candidates);
 * baseline.instances.map((entry) => entry.instance); // ['sm3hash', 'pseudoxof_256', 'pseudoxof_512', …]
 * ```
 */
export async function baselineCandidate(
  candidates: readonly CampaignCandidate[],
  examplesDirectory: string = bundledExamplesDirectory(),
): Promise<{ candidate: Candidate; baseline: CampaignBaseline }> {
  const widths = [
    ...new Set(
      candidates
        .filter((candidate) => candidate.id !== BASELINE_CANDIDATE_ID && candidate.category === 'hash')
        .flatMap((candidate) => candidate.instances.map((instance) => instance.digestBits ?? 0))
        .filter((bits) => bits > 0 && bits % 8 === 0),
    ),
  ].sort((a, b) => a - b);
  const directory = path.join(examplesDirectory, 'sm3');
  const document = {
    id: BASELINE_CANDIDATE_ID,
    algorithm: 'ICCS helpers (SM3, KDF-SM3)',
    category: 'hash',
    variant: 'reference',
    manifest: 'baseline.sha256',
    instances: [
      { name: 'sm3hash', digestBits: 256, katName: 'sm3', sources: ['sm3.c'] },
      ...(widths.length === 0
        ? []
        : [{ name: 'pseudoxof', digestBits: widths, sources: ['pseudoxof.c'], includeDirs: ['.'] }]),
    ],
  };
  const candidate = await resolveCandidate(document, directory, path.join(directory, 'baseline (bundled)'));
  return {
    candidate,
    baseline: {
      candidate: BASELINE_CANDIDATE_ID,
      instances: candidate.instances.map((instance) => ({
        instance: instance.name,
        helper: instance.name === 'sm3hash' ? 'sm3hash' : 'pseudoXOF',
        // the baseline is a hash candidate: loadCandidate requires every hash instance's digest length
        digestBits: instance.digestBits!,
      })),
    },
  };
}
