import { buildInstance, NativeError, type BuildInstanceOptions, type BuildInstanceResult } from '@ngcc-perf/native';
import type { CandidateInstance } from '../candidate.js';

/**
 * Builds one candidate instance with `buildInstance` of @ngcc-perf/native (the one builder, the
 * one a script calls too), from the instance's sources and include folders.
 * @throws NativeError `BUILD_FAILED` when CMake or gcc fails (see {@link isBuildFailure}).
 */
export function buildCandidateInstance(
  instance: CandidateInstance,
  options: Omit<BuildInstanceOptions, 'instance'>,
): Promise<BuildInstanceResult> {
  const { name, sourcePaths, includeDirPaths } = instance;
  return buildInstance({ ...options, instance: { name, sourcePaths, includeDirPaths } });
}

/** True for the builder's `BUILD_FAILED`: a verdict (`BUILDFAIL`) in build.json, not a harness fault. */
export function isBuildFailure(error: unknown): error is NativeError {
  return error instanceof NativeError && error.code === 'BUILD_FAILED';
}
