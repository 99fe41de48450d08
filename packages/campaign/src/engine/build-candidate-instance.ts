import path from 'node:path';
import { buildInstance, NativeError, type BuildInstanceOptions, type BuildInstanceResult } from '@ngcc-perf/native';
import {
  applyInstancePatch,
  IntakeError,
  type AppliedPatch,
  type CandidateInstance,
  decideTargetFlags,
  missingFeatureMessage,
  readHostTargetOptions,
  targetFeatureNeeds,
  type HostTargetOptions,
  type TargetFlag,
} from '@ngcc-perf/intake';

/** A build of a candidate instance: the builder's result and the target flags the compiler's errors added. */
export interface CandidateBuildResult extends BuildInstanceResult {
  /** Flags added because gcc said an intrinsic needs a target feature this host's CPU has; [] when none. */
  targetFlags: TargetFlag[];
}

const MAX_RETRIES = 4;

/**
 * Builds one candidate instance with `buildInstance` of @ngcc-perf/native (the one builder, the
 * one a script calls too), from the instance's sources and include folders. When gcc refuses an
 * intrinsic for want of a target feature ("target specific option mismatch", "needs isa option"),
 * the build is retried with the matching `-m` flags the host's CPU has (`gcc -march=native`),
 * each recorded with why; a feature the host lacks fails the build with a message naming it.
 * @param hostOptions - reads the host's target options (tests pass a host without a feature)
 * @throws NativeError `BUILD_FAILED` when CMake or gcc fails (see {@link isBuildFailure}).
 * @example
 * const built = await buildCandidateInstance(instance, { profile: 'performance', libraryDirectory: 'lib' });
 * built.targetFlags; // [{ flag: '-maes', reason: 'gcc: _mm_aesenc_si128 (wmmintrin.h:61, …' }]
 */
export async function buildCandidateInstance(
  instance: Pick<CandidateInstance, 'name' | 'sourcePaths' | 'includeDirPaths'> &
    Partial<Pick<CandidateInstance, 'defines' | 'cFlags'>>,
  options: Omit<BuildInstanceOptions, 'instance'>,
  hostOptions: () => Promise<HostTargetOptions | null> = readHostTargetOptions,
): Promise<CandidateBuildResult> {
  const { name, sourcePaths, includeDirPaths, defines = {}, cFlags = [] } = instance;
  // a flag for some sources only (a C99 inline file compiled with -fgnu89-inline)
  const sourceFlags = cFlags.flatMap((c) =>
    (c.filePaths ?? []).map((file) => ({ path: file, flag: c.flag as '-fgnu89-inline' | '-fcommon' })),
  );
  const targetFlags: TargetFlag[] = [];
  for (let retry = 0; ; retry += 1) {
    const extraCFlags = [
      options.extraCFlags,
      ...cFlags.filter((c) => c.filePaths === undefined).map((c) => c.flag),
      ...targetFlags.map((t) => t.flag),
    ]
      .filter(Boolean)
      .join(' ');
    try {
      const built = await buildInstance({
        ...options,
        ...(extraCFlags === '' ? {} : { extraCFlags }),
        instance: {
          name,
          sourcePaths,
          includeDirPaths,
          ...(Object.keys(defines).length > 0 ? { defines } : {}),
          ...(sourceFlags.length > 0 ? { sourceFlags } : {}),
        },
      });
      return { ...built, targetFlags };
    } catch (error) {
      if (!isBuildFailure(error) || retry >= MAX_RETRIES) throw error;
      const needs = await targetFeatureNeeds(error.message);
      const host = needs.length === 0 ? null : await hostOptions();
      if (host === null) throw error;
      const decision = decideTargetFlags(
        needs,
        host,
        targetFlags.map((t) => t.flag),
      );
      if (decision.missing.length > 0) {
        throw new NativeError(
          'BUILD_FAILED',
          `building instance "${name}" failed (${missingFeatureMessage(decision.missing).replace(/^error: /, '')}):\n` +
            `${missingFeatureMessage(decision.missing)}`,
          { cause: error },
        );
      }
      if (decision.flags.length === 0) throw error;
      targetFlags.push(...decision.flags);
    }
  }
}

/** True for the builder's `BUILD_FAILED`: a verdict (`BUILDFAIL`) in build.json, not a harness fault. */
export function isBuildFailure(error: unknown): error is NativeError {
  return error instanceof NativeError && error.code === 'BUILD_FAILED';
}

/** An instance's sources as the build phase builds them: patched, or why the patch was refused. */
export type PatchedSources<I extends CandidateInstance> =
  | { status: 'ready'; instance: I; patch: AppliedPatch | null; sourceRoot: string | null }
  | { status: 'refused'; reason: string };

/**
 * Applies an instance's patch (candidate.json `patch`) with `applyInstancePatch` of
 * @ngcc-perf/intake to a copy of the candidate folder under `workDirectory/<instance>/` (the
 * build phase gives `patched/<candidate>/` of the run directory), and returns the instance with its
 * sources in that copy and the copy as the build's source root; the package's own files are never
 * changed. An instance without a patch (or a prebuilt one) comes back as it is. A diff naming a path
 * outside the candidate folder, or one that does not apply, is `refused` with the sentence.
 * @example
 * const sources = await patchedSources(candidate.directory, instance, 'runs/x/patched/kem-99');
 * if (sources.status === 'ready') sources.patch?.files; // ['src/toy.c']
 */
export async function patchedSources<I extends CandidateInstance>(
  candidateDirectory: string,
  instance: I,
  workDirectory: string,
): Promise<PatchedSources<I>> {
  if (instance.patchPath === null || instance.prebuiltLibraryPath !== null)
    return { status: 'ready', instance, patch: null, sourceRoot: null };
  try {
    const applied = await applyInstancePatch(candidateDirectory, instance, workDirectory);
    return {
      status: 'ready',
      instance: { ...instance, ...applied.instance },
      patch: applied.patch,
      sourceRoot: path.join(path.resolve(workDirectory), instance.name),
    };
  } catch (error) {
    if (!(error instanceof IntakeError)) throw error;
    return { status: 'refused', reason: error.message };
  }
}
