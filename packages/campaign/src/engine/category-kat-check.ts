import path from 'node:path';
import type { AlgorithmCategory } from '@ngcc-perf/category';
import { readBundledCatalog } from '@ngcc-perf/intake';
import {
  bundledPublicKeyManifest,
  publicKeyManifestsByDigest,
  runCategoryInstanceKat,
  type CategoryKatResult,
  type KatManifest,
} from '@ngcc-perf/kat';
import type { InstanceSize, KatIdentity } from '@ngcc-perf/record';
import { runPaths, writeFileAtomic } from '../run-directory.js';
import { categoryInstance } from './campaign-candidate.js';
import type { CampaignContext, CampaignUnit } from './campaign-context.js';
import type { BuildEntry } from './campaign-types.js';
import { displayPath } from './build-evidence.js';

/** build.json `sizes` (report item (6)): the KAT's when it measured them, else the category's declared bytes; absent when none. */
function sizesOf(category: AlgorithmCategory, unit: CampaignUnit, results: readonly CategoryKatResult[]) {
  const measured = results.flatMap((result) => ('sizes' in result && Array.isArray(result.sizes) ? result.sizes : []));
  if (measured.length > 0) return measured as InstanceSize[];
  const declared = category.sizes(categoryInstance(unit.instance));
  if (declared.length === 0) return undefined;
  return declared.map(({ key, label, bytes }) => ({
    key,
    label,
    getterBytes: bytes,
    writtenBytes: null,
    agrees: null,
  }));
}

/** The instance parameters the KAT run's getters establish (`parametersFromGetters` of its category); empty when none. */
function parametersOf(category: AlgorithmCategory, results: readonly CategoryKatResult[]) {
  const getters = Object.assign(
    {},
    ...results.flatMap((result) => ('getters' in result && result.getters != null ? [result.getters] : [])),
  ) as Record<string, number>;
  return Object.keys(getters).length === 0 ? {} : (category.parametersFromGetters?.(getters) ?? {});
}

/** The official name of a public-key id in the bundled catalog, which is also the folder name discovery knows it by. */
function catalogNames(id: string): { officialName: string; packageName: string } {
  const entry = readBundledCatalog().entries.find((candidate) => candidate.id === id);
  const name = entry?.officialName ?? id;
  return { officialName: name, packageName: name };
}

/**
 * The kat phase for an instance of a category other than hash: `runCategoryInstanceKat` of
 * @ngcc-perf/kat (every default KAT kind of its category through `runCategoryKat`, its producer),
 * judged against the candidate's manifest (entries `<katName>/<file>`; none: NOKAT), files under
 * `kat/<candidate>/<instance>/`, the KAT log written to `kat/<candidate>/<instance>.log`, and the
 * instance's item (6) sizes into build.json `sizes`. A public-key candidate without a manifest of its
 * own is judged by the bundled manifest of its id (`kem-02`, named so by the catalog), else by the
 * bundled manifest that holds most of its files' digests (a unique best; build.json `katIdentity`
 * names every manifest that holds one by catalog id and name, and which judged).
 * @returns the build.json entry with its verdict, log and sizes
 * @throws `KatError` of @ngcc-perf/kat for harness faults (the driver refused its arguments, a file
 *   could not be written); a library that misbehaves is a verdict.
 */
export async function checkCategoryKat(
  context: CampaignContext,
  unit: CampaignUnit,
  entry: BuildEntry,
  category: AlgorithmCategory,
): Promise<BuildEntry> {
  const { candidate, instance } = unit;
  const out = context.state.directory;
  const ownManifest = context.manifests.get(candidate.id) ?? null;
  const runKat = (manifest: KatManifest | null, manifestName: string | null) =>
    runCategoryInstanceKat({
      library: path.join(out, entry.library!),
      category,
      candidateId: candidate.id,
      instance: instance.katName,
      parameters: categoryInstance(instance).parameters,
      manifest,
      manifestName,
      outputDirectory: path.join(out, runPaths.katFiles(candidate.id, instance.name)),
      driverPath: context.driverPath,
      logPathsRelativeTo: out,
      logHeader: {
        algorithm: candidate.algorithm,
        variant: instance.variant,
        sourceDir: displayPath(candidate.directory, candidate.directory),
        compiler: context.tools.compiler ?? 'unknown',
        buildFlags: entry.buildFlags,
      },
    });
  const publicKey = ownManifest === null && category.kat.producedBy === 'pk-kat';
  // No manifest of its own: a candidate the catalog names (`kem-02`) is judged by its bundled manifest.
  const byId = publicKey ? await bundledPublicKeyManifest(candidate.id) : null;
  let kat = await runKat(
    ownManifest ?? byId,
    ownManifest !== null ? 'kat.sha256' : byId !== null ? `${candidate.id}.kat.sha256 (bundled)` : null,
  );
  let katIdentity: KatIdentity | null = null;
  // Else the bundled public-key manifests that hold its files' digests name it.
  if (publicKey && byId === null) {
    const files = kat.files.flatMap((result) =>
      'katFilePath' in result ? [{ file: result.file, path: result.katFilePath }] : [],
    );
    const found = files.length === 0 ? [] : await publicKeyManifestsByDigest(files);
    if (found.length > 0) {
      const best = found[0]!;
      const unique = found.length === 1 || found[1]!.files < best.files;
      katIdentity = {
        candidates: found.map(({ id, files: count }) => ({ id, ...catalogNames(id), files: count })),
        judgedBy: unique ? best.id : null,
      };
      if (unique) kat = await runKat(best.manifest, `${best.id}.kat.sha256 (bundled, found by digest)`);
    }
  }
  const katLog = runPaths.katLog(candidate.id, instance.name);
  await writeFileAtomic(path.join(out, katLog), kat.logText);
  const sizes = sizesOf(category, unit, kat.files);
  const established = parametersOf(category, kat.files);
  return {
    ...entry,
    ...(Object.keys(established).length === 0 ? {} : { parameters: { ...(entry.parameters ?? {}), ...established } }),
    kat: kat.verdict,
    katDetail: kat.detail,
    katLog,
    katLogSha256: kat.logSha256,
    guideResult: entry.flags === 'guide' ? kat.verdict : entry.guideResult,
    ...(sizes === undefined ? {} : { sizes }),
    ...(katIdentity === null ? {} : { katIdentity }),
  };
}
