import { copyFileAtomic } from '@ngcc-perf/atomic-file';
import { usesDedicatedDriverCommands } from '@ngcc-perf/category';
import os from 'node:os';
import path from 'node:path';
import {
  checkPackageKatFiles,
  describeKatIdentity,
  identifyByKatDigests,
  probeDigestLength,
  runKat,
  type KatManifest,
  type KatResult,
} from '@ngcc-perf/kat';
import { buildCandidateInstance, isBuildFailure } from './build-candidate-instance.js';
import { CampaignError } from '../campaign-error.js';
import { runPaths, writeFileAtomic } from '../run-directory.js';
import { displayPath, fileSha256, summarizeBuildFailure } from './build-evidence.js';
import { forEachConcurrently, type CampaignContext, type CampaignUnit } from './campaign-context.js';
import type { BuildEntry } from './campaign-types.js';
import { unitProfile, withLibrary } from './phase-build.js';
import { checkCategoryKat } from './category-kat-check.js';

/** KAT verdicts that do not send an instance to the harness default: a pass, or no reference to judge by. */
const KEEP_GUIDE = new Set(['PASS', 'NOKAT']);

/**
 * The reference twin of an instance of another version: the candidate's reference instance of the
 * same digest length under another KAT name, whose official digests judge it (null when none).
 */
function twinOf(unit: CampaignUnit): CampaignUnit['instance'] | null {
  const { candidate, instance } = unit;
  if (instance.variant === 'reference' && !/^optimi|^additional/i.test(instance.versionLabel ?? '')) return null;
  return (
    candidate.instances.find(
      (other) =>
        other !== instance &&
        other.digestBits === instance.digestBits &&
        other.katName !== instance.katName &&
        other.variant === 'reference' &&
        !/^optimi|^additional/i.test(other.versionLabel ?? ''),
    ) ?? null
  );
}

const spelled = (text: string) => text.toLowerCase().replace(/[-_.\s]+/g, '');

/** build.json `katReference`: the manifest entries the files matched, and the twin when its entries judged them. */
function katReferenceOf(kat: KatResult, unit: CampaignUnit): BuildEntry['katReference'] {
  const entries = kat.files
    .filter((f) => f.manifestEntry !== null)
    .map((f) =>
      f.manifestEntry!.label === undefined
        ? f.manifestEntry!.file
        : `${f.manifestEntry!.label}/${f.manifestEntry!.file}`,
    );
  if (entries.length === 0) return null;
  const twin = twinOf(unit);
  const byTwin =
    twin !== null &&
    kat.files.some(
      (f) => f.manifestEntry?.label !== undefined && spelled(f.manifestEntry.label) === spelled(twin.katName),
    );
  return { entries, twin: byTwin ? twin!.name : null };
}

async function katOf(
  context: CampaignContext,
  unit: CampaignUnit,
  entry: BuildEntry,
  library: string,
  outDir: string,
  manifest: KatManifest | undefined,
): Promise<KatResult> {
  const { candidate, instance } = unit;
  const out = context.state.directory;
  return runKat({
    library,
    digestBits: instance.digestBits!,
    name: instance.katName,
    label: instance.katName,
    ...(twinOf(unit) === null ? {} : { twinLabel: twinOf(unit)!.katName }),
    candidateId: candidate.id,
    manifest,
    ...(manifest === undefined && instance.katFilePaths.length > 0
      ? { katDir: path.dirname(instance.katFilePaths[0]!) }
      : {}),
    outDir: path.join(out, outDir),
    driverPath: context.driverPath,
    logPathsRelativeTo: out,
    logHeader: {
      library: entry.library ?? runPaths.library(candidate.id, instance.name),
      algorithm: candidate.algorithm,
      variant: instance.variant,
      sourceDir: displayPath(candidate.directory, candidate.directory),
      compiler: context.tools.compiler ?? 'unknown',
      buildFlags: entry.buildFlags,
    },
  });
}

async function reusable(context: CampaignContext, entry: BuildEntry): Promise<boolean> {
  if (entry.kat === null) return false;
  if (entry.katLog === null) return true;
  return (await fileSha256(path.join(context.state.directory, entry.katLog))) === entry.katLogSha256;
}

/**
 * Tries the harness default after the guide build failed its KATs. Returns the entry to keep with
 * its KAT log written: the fallback when it passes (the guide's verdict and log kept as
 * `guideResult`/`guideKatLog`), else the guide build with `fallbackResult`.
 */
async function fallBack(
  context: CampaignContext,
  unit: CampaignUnit,
  guide: BuildEntry,
  guideKat: KatResult,
  manifest: KatManifest | undefined,
): Promise<BuildEntry> {
  const { candidate, instance } = unit;
  const out = context.state.directory;
  const profile = unitProfile(context, unit);
  const keepGuide = async (
    fallbackResult: BuildEntry['fallbackResult'],
    fallbackDetail: string | null,
  ): Promise<BuildEntry> => {
    const katLog = runPaths.katLog(candidate.id, instance.name);
    await writeFileAtomic(path.join(out, katLog), guideKat.logText);
    const detail =
      fallbackDetail === null
        ? guideKat.detail
        : `${guideKat.detail ?? guideKat.verdict}; harness default: ${fallbackDetail}`;
    return {
      ...guide,
      kat: guideKat.verdict,
      katDetail: detail,
      katLog,
      katLogSha256: guideKat.logSha256,
      guideResult: guideKat.verdict,
      guideDetail: guideKat.detail,
      fallbackResult,
    };
  };
  let built;
  try {
    built = await buildCandidateInstance(instance, {
      profile,
      flagsKind: 'harness-default',
      buildDirectory: path.join(context.buildRoot, candidate.id, `${instance.name}.harness-default`),
      libraryDirectory: path.join(context.buildRoot, candidate.id, `${instance.name}.harness-default-lib`),
      sourceRoot: candidate.directory,
    });
  } catch (error) {
    if (!isBuildFailure(error)) throw error;
    return keepGuide('BUILDFAIL', summarizeBuildFailure(error.message, candidate.directory));
  }
  const libraryRelative = runPaths.library(candidate.id, instance.name);
  const fallbackEntry: BuildEntry = {
    ...guide,
    flags: 'harness-default',
    buildFlags: built.buildFlags,
    library: libraryRelative,
  };
  const fallbackKat = await katOf(
    context,
    unit,
    fallbackEntry,
    built.libraryPath,
    path.posix.join(runPaths.katFiles(candidate.id, instance.name), 'harness-default'),
    manifest,
  );
  if (fallbackKat.verdict !== 'PASS') return keepGuide(fallbackKat.verdict, fallbackKat.detail ?? fallbackKat.verdict);
  const guideLog = runPaths.guideKatLog(candidate.id, instance.name);
  await writeFileAtomic(path.join(out, guideLog), guideKat.logText);
  const target = path.join(out, libraryRelative);
  await copyFileAtomic(built.libraryPath, target);
  const katLog = runPaths.katLog(candidate.id, instance.name);
  await writeFileAtomic(path.join(out, katLog), fallbackKat.logText);
  const withFallback = await withLibrary(fallbackEntry, { ...built, libraryPath: target }, libraryRelative);
  return {
    ...withFallback,
    kat: 'PASS',
    katDetail: null,
    katLog,
    katLogSha256: fallbackKat.logSha256,
    guideResult: guideKat.verdict,
    guideDetail: guideKat.detail,
    guideBuildFlags: guide.buildFlags,
    guideKatLog: guideLog,
    guideKatLogSha256: guideKat.logSha256,
  };
}

/**
 * Phase `kat`: asks each instance's category how its KAT files are made. A hash instance: runs
 * KAT_2_12 + KAT_2_23 (the ICCS KAT rules) and writes its KAT log
 * and files under `kat/<candidate>/`. When the guide build fails its KATs (anything but PASS or
 * NOKAT), the instance is rebuilt with the harness default and checked again: if that passes it
 * is what gets measured (`flags: harness-default`, the guide's verdict and log kept in
 * `guideResult`/`guideKatLog`); if not, the guide build stays, with `fallbackResult`. An instance
 * whose KAT log is already in place is skipped. Instances are checked in parallel, one per CPU of
 * the host (nothing is timed during this phase). An instance of another category: its category's
 * default KAT kinds through `runCategoryKat` ({@link checkCategoryKat}; no harness-default fallback yet).
 * @example
 * await runKatPhase(context); // every build.json entry has its verdict
 */
export async function runKatPhase(context: CampaignContext): Promise<void> {
  const out = context.state.directory;
  await forEachConcurrently(context.units, os.availableParallelism(), async (unit) => {
    const { candidate, instance } = unit;
    const entry = context.state.buildEntry(candidate.id, instance.name);
    if (entry === undefined) {
      throw new CampaignError(
        'RUN_DIRECTORY',
        `${out}: ${unit.key} has not been built. Run the build phase first (--phases build,kat,…).`,
      );
    }
    if (await reusable(context, entry)) {
      context.emit({
        event: 'kat',
        candidate: candidate.id,
        instance: instance.name,
        status: entry.katLog === null ? 'by-build' : 'reused',
        verdict: entry.kat!,
        flags: entry.flags,
      });
      return;
    }
    const category = context.categories.get(entry.category);
    if (!usesDedicatedDriverCommands(category)) {
      const checked = await checkCategoryKat(context, unit, entry, category);
      await context.state.putBuildEntry(checked);
      context.emit({
        event: 'kat',
        candidate: candidate.id,
        instance: instance.name,
        status: 'checked',
        verdict: checked.kat!,
        flags: checked.flags,
      });
      return;
    }
    const library = path.join(out, entry.library!);
    const katFiles = runPaths.katFiles(candidate.id, instance.name);
    let manifest = context.manifests.get(candidate.id);
    let kat = await katOf(context, unit, entry, library, katFiles, manifest);
    // no manifest of its own: the generated files' digests say which official manifest, if any, judges them
    const { identity, manifest: official } =
      manifest === undefined
        ? identifyByKatDigests(kat.files, context.officialManifests)
        : { identity: null, manifest: null };
    if (official !== null) {
      manifest = official;
      kat = await katOf(context, unit, entry, library, katFiles, manifest);
    }
    let result: BuildEntry;
    if (entry.flags === 'guide' && !KEEP_GUIDE.has(kat.verdict)) {
      result = await fallBack(context, unit, entry, kat, manifest);
    } else {
      const katLog = runPaths.katLog(candidate.id, instance.name);
      await writeFileAtomic(path.join(out, katLog), kat.logText);
      const guideResult = entry.flags === 'guide' ? kat.verdict : entry.guideResult;
      result = { ...entry, kat: kat.verdict, katDetail: kat.detail, katLog, katLogSha256: kat.logSha256, guideResult };
    }
    result = {
      ...result,
      katReference: katReferenceOf(kat, unit),
      ...(identity === null ? {} : { katIdentity: identity }),
    };
    if (identity !== null && identity.judgedBy === null)
      result = { ...result, katDetail: `${result.katDetail ?? result.kat}; ${describeKatIdentity(identity)}` };
    if (result.library !== null && (result.kat === 'PASS' || result.kat === 'NOKAT')) {
      const probe = await probeDigestLength({
        library: path.join(out, result.library),
        digestBits: instance.digestBits!,
        name: instance.katName,
        candidateId: candidate.id,
        driverPath: context.driverPath,
        runDirectory: out,
      });
      result = { ...result, digestLengthProbe: probe };
    }
    if (instance.katFilePaths.length > 0) {
      const packageKatFiles = await checkPackageKatFiles({
        files: instance.katFilePaths,
        root: candidate.directory,
        manifest,
        label: instance.katName,
        generatedDirectory: path.join(out, runPaths.katFiles(candidate.id, instance.name)),
      });
      result = { ...result, packageKatFiles };
    }
    await context.state.putBuildEntry(result);
    context.emit({
      event: 'kat',
      candidate: candidate.id,
      instance: instance.name,
      status: 'checked',
      verdict: result.kat!,
      flags: result.flags,
    });
  });
}
