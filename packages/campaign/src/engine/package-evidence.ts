// build.json's `packages`: where each candidate of a package came from, the versions measured and
// the folders not measured, whether discovery ran in this run or `init` wrote its candidate.json.
import path from 'node:path';
import { derivedCandidateId, type RefusedInput } from '@ngcc-perf/intake';
import type { CampaignCandidate } from './campaign-candidate.js';
import type { PackageEvidence } from './campaign-types.js';

/**
 * build.json's `packages` (@ngcc-perf/record/docs/RUN-DIRECTORY.md): one entry per candidate discovered in a package
 * in this run (`origin`), per candidate.json that lists folders not measured (`unmeasured`, as
 * `ngcc-perf init` writes it: the package is its folder, unpacked), and per input that yielded no
 * measurable instance (with its `reason`). A hand-written candidate.json without `unmeasured` gets none.
 * @param candidates - the candidates of the run (the ICCS baseline has neither origin nor unmeasured folders)
 * @param refused - resolveRunInputs' `refused`
 * @example
 * packageEvidence(candidates, refused).flatMap((p) => p.unmeasured); // every folder not measured
 */
export function packageEvidence(
  candidates: readonly CampaignCandidate[],
  refused: readonly RefusedInput[],
): PackageEvidence[] {
  const listed = refused.map((r) => ({
    candidate: r.candidate ?? derivedCandidateId(r.packageName),
    packageName: r.packageName,
    archive: r.archive,
    archiveSha256: r.archiveSha256,
    versions: [],
    reason: r.reason,
    unmeasured: r.unmeasured,
  }));
  return candidates
    .filter((c) => c.origin !== null || c.unmeasured.length > 0)
    .map((c) => ({
      candidate: c.id,
      packageName: c.origin?.packageName ?? path.basename(c.directory),
      archive: c.origin?.archive ?? null,
      archiveSha256: c.origin?.archiveSha256 ?? null,
      versions: [...new Set(c.instances.map((i) => i.versionLabel ?? c.variant))],
      unmeasured: c.unmeasured,
    }))
    .concat(listed);
}
