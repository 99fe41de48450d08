import { copyFileAtomic } from '@ngcc-perf/atomic-file';
import os from 'node:os';
import path from 'node:path';
import { readLoadableSegments } from '@ngcc-perf/elf-size';
import { buildCandidateInstance, isBuildFailure, patchedSources } from './build-candidate-instance.js';
import { profileFlags, SHARED_LIBRARY_FLAGS } from '@ngcc-perf/native';
import type { CandidateBuildResult } from './build-candidate-instance.js';
import { CampaignError } from '../campaign-error.js';
import { runPaths } from '../run-directory.js';
import { forEachConcurrently, type CampaignContext, type CampaignUnit } from './campaign-context.js';
import type { BuildEntry } from './campaign-types.js';
import { instanceParameters } from './campaign-candidate.js';
import { fileSha256, sourcesSha256, summarizeBuildFailure } from './build-evidence.js';

/**
 * The profile an instance is built with: the campaign's forced one, else its variant.
 * @example
 * unitProfile(context, unit); // 'reference'
 */
export function unitProfile(context: CampaignContext, unit: CampaignUnit) {
  return context.buildProfile ?? unit.instance.variant;
}

/**
 * build.json fields every entry starts with.
 * @example
 * const entry = baseEntry(context, unit, await sourcesSha256(unit.instance));
 */
export function baseEntry(context: CampaignContext, unit: CampaignUnit, sources: string | null): BuildEntry {
  const { candidate, instance } = unit;
  return {
    candidate: candidate.id,
    algorithm: candidate.algorithm,
    // the candidate's category id (contract: build.json instance `category` is a registry id)
    category: candidate.category as BuildEntry['category'],
    instance: instance.name,
    variant: instance.variant,
    ...(instance.digestBits === undefined ? {} : { digestBits: instance.digestBits }),
    parameters: { ...instanceParameters(instance) },
    katName: instance.katName,
    profile: unitProfile(context, unit),
    flags: 'guide',
    buildFlags: '',
    compileCommands: [],
    linkCommand: null,
    compiler: context.tools.compiler,
    buildTool: context.tools.buildTool,
    sourcesSha256: sources,
    library: null,
    librarySha256: null,
    imageBytes: null,
    kat: null,
    katDetail: null,
    katLog: null,
    katLogSha256: null,
    guideResult: null,
    guideDetail: null,
    guideBuildFlags: null,
    guideKatLog: null,
    guideKatLogSha256: null,
    fallbackResult: null,
    version: instance.versionLabel,
    packageKatFiles: [],
    digestLengthProbe: null,
    ...(instance.addedSources.length > 0 ? { addedSources: instance.addedSources } : {}),
  };
}

/**
 * Fills an entry's library fields from a build (and the target flags gcc's errors made it add).
 * @example
 * entry = await withLibrary(entry, built, 'lib/example-sm3/libsm3.so');
 */
export async function withLibrary(
  entry: BuildEntry,
  built: CandidateBuildResult,
  libraryRelative: string,
): Promise<BuildEntry> {
  const { imageBytes } = await readLoadableSegments(built.libraryPath);
  return {
    ...entry,
    ...(built.targetFlags.length > 0 ? { targetFlags: built.targetFlags } : {}),
    ...(built.addedFlags.length > 0 ? { addedFlags: built.addedFlags } : {}),
    flags: built.flags,
    buildFlags: built.buildFlags,
    compileCommands: built.compileCommands,
    linkCommand: built.linkCommand,
    library: libraryRelative,
    librarySha256: built.librarySha256,
    imageBytes,
  };
}

async function reusable(
  context: CampaignContext,
  entry: BuildEntry | undefined,
  sources: string | null,
  unit: CampaignUnit,
): Promise<boolean> {
  if (entry === undefined) return false;
  if (entry.sourcesSha256 !== sources) {
    throw new CampaignError(
      'RUN_DIRECTORY',
      `${context.state.directory}: the sources of ${unit.key} changed since this run built them (SHA-256 ${String(entry.sourcesSha256).slice(0, 16)}… then, ${String(sources).slice(0, 16)}… now). Start a new --out directory to measure the new sources.`,
    );
  }
  if (entry.library === null) return entry.kat !== null;
  return (await fileSha256(path.join(context.state.directory, entry.library))) === entry.librarySha256;
}

async function buildPrebuilt(
  context: CampaignContext,
  unit: CampaignUnit,
  entry: BuildEntry,
  libraryRelative: string,
): Promise<BuildEntry> {
  const target = path.join(context.state.directory, libraryRelative);
  await copyFileAtomic(unit.instance.prebuiltLibraryPath!, target);
  const { imageBytes } = await readLoadableSegments(target);
  return {
    ...entry,
    flags: 'prebuilt',
    buildFlags: 'prebuilt (flags not known)',
    library: libraryRelative,
    librarySha256: (await fileSha256(target))!,
    imageBytes,
  };
}

/** An instance whose candidate.json patch was refused: no library, LOADFAIL naming why. */
async function refusePatch(context: CampaignContext, unit: CampaignUnit, reason: string): Promise<void> {
  const katDetail = `no library: the candidate.json "patch" of instance ${unit.instance.name} was refused: ${reason}`;
  await context.state.putBuildEntry({ ...baseEntry(context, unit, null), kat: 'LOADFAIL', katDetail });
  context.emit({
    event: 'build',
    candidate: unit.candidate.id,
    instance: unit.instance.name,
    status: 'failed',
    flags: null,
    guideResult: null,
    detail: katDetail,
  });
}

/**
 * Phase `build`: builds every instance of the shard through CMake with its guide profile
 * (guide §3.2) into `lib/<candidate>/lib<instance>.so`, or copies its prebuilt library. When the
 * guide profile does not build, the instance is built with the harness default
 * (`flags: harness-default`, `guideResult: BUILDFAIL` and the compiler's first errors kept). An
 * instance already built from the same sources is skipped; changed sources refuse the resume. An
 * instance whose candidate.json names a `patch` is built from a patched copy of its candidate folder
 * under `patched/<candidate>/<instance>/` (build.json `patch`); a refused patch leaves it without a library.
 * Instances build in parallel, one per CPU of the host (nothing is timed during this phase).
 * @throws {@link CampaignError} `RUN_DIRECTORY` when an instance's sources changed since it was built.
 * @example
 * await runBuildPhase(context); // build.json has one entry per instance
 */
export async function runBuildPhase(context: CampaignContext): Promise<void> {
  await forEachConcurrently(context.units, os.availableParallelism(), async (given) => {
    const patchDirectory = path.join(context.state.directory, runPaths.patchedSources(given.candidate.id));
    const patching = await patchedSources(given.candidate.directory, given.instance, patchDirectory);
    if (patching.status === 'refused') return refusePatch(context, given, patching.reason);
    const unit = { ...given, instance: patching.instance };
    const { candidate, instance } = unit;
    const sources =
      instance.prebuiltLibraryPath === null
        ? await sourcesSha256(instance)
        : await fileSha256(instance.prebuiltLibraryPath);
    const existing = context.state.buildEntry(candidate.id, instance.name);
    if (await reusable(context, existing, sources, unit)) {
      context.emit({
        event: 'build',
        candidate: candidate.id,
        instance: instance.name,
        status: 'reused',
        flags: existing!.flags,
        guideResult: existing!.guideResult,
        detail: null,
      });
      return;
    }
    const libraryRelative = runPaths.library(candidate.id, instance.name);
    let entry: BuildEntry = {
      ...baseEntry(context, unit, sources),
      ...(patching.patch === null ? {} : { patch: patching.patch }),
    };
    if (instance.prebuiltLibraryPath !== null) {
      entry = await buildPrebuilt(context, unit, entry, libraryRelative);
    } else {
      const profile = unitProfile(context, unit);
      const attempt = async (flagsKind: 'guide' | 'harness-default') =>
        buildCandidateInstance(instance, {
          profile,
          flagsKind,
          buildDirectory: path.join(context.buildRoot, candidate.id, `${instance.name}.${flagsKind}`),
          libraryDirectory: path.dirname(path.join(context.state.directory, libraryRelative)),
          sourceRoot: patching.sourceRoot ?? candidate.directory,
        });
      try {
        entry = await withLibrary(entry, await attempt('guide'), libraryRelative);
      } catch (error) {
        if (!isBuildFailure(error)) throw error;
        entry.guideResult = 'BUILDFAIL';
        entry.guideDetail = summarizeBuildFailure(error.message, candidate.directory);
        entry.guideBuildFlags = `${profileFlags(profile, 'guide')} ${SHARED_LIBRARY_FLAGS}`;
        try {
          entry = await withLibrary(entry, await attempt('harness-default'), libraryRelative);
        } catch (fallbackError) {
          if (!isBuildFailure(fallbackError)) throw fallbackError;
          entry.flags = 'harness-default';
          entry.buildFlags = `${profileFlags(profile, 'harness-default')} ${SHARED_LIBRARY_FLAGS}`;
          entry.fallbackResult = 'BUILDFAIL';
          entry.kat = 'LOADFAIL';
          entry.katDetail = `no library: the guide build failed (${entry.guideDetail}) and so did the harness-default build (${summarizeBuildFailure(fallbackError.message, candidate.directory)})`;
        }
      }
    }
    await context.state.putBuildEntry(entry);
    context.emit({
      event: 'build',
      candidate: candidate.id,
      instance: instance.name,
      status: entry.library === null ? 'failed' : 'built',
      flags: entry.flags,
      guideResult: entry.guideResult,
      detail: entry.library === null ? entry.katDetail : entry.guideDetail,
    });
  });
}
