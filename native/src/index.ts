export { buildDriver, DRIVER_FILE_NAME, ICCS_LIBRARY_FILE_NAME, type BuildDriverOptions } from './build-driver.js';
export { driverCacheDirectory, type CacheEnvironment } from './driver-cache.js';
export { driverPath, type DriverPathOptions } from './driver-path.js';
export {
  DRIVER_PROTOCOL_VERSION,
  driverEnvelopeSchema,
  driverErrorLineSchema,
  type DriverErrorLine,
} from './driver-protocol.js';
export { findValgrind, type ValgrindTool } from './find-valgrind.js';
export { HOST_PACE_CPU_MILLISECONDS, measureHostPace, pacedMilliseconds } from './host-pace.js';
export { findBuildTools, missingToolsMessage, type BuildTools, type MissingBuildTools } from './find-build-tools.js';
export { NativeError, type NativeErrorCode } from './native-error.js';
export {
  bundledExamplesDirectory,
  categoryAbiIncludeDirectory,
  iccsHeadersDirectory,
  instanceCmakeProjectDirectory,
  nativePackageRoot,
  nativePackageVersion,
} from './package-paths.js';
export {
  DRIVER_STDERR_KEPT_BYTES,
  resolveGivenDriver,
  spawnDriverProcess,
  type DriverProcessResult,
  type SpawnDriverProcessOptions,
} from './spawn-driver-process.js';
export {
  parseDriverOutput,
  type LineIssue,
  type LineSchema,
  type LineSchemas,
  type ParseDriverOutputOptions,
  type ParsedDriverOutput,
  type ParsedLine,
} from './parse-driver-output.js';
export {
  buildInstance,
  type AddedBuildFlag,
  type BuildInstanceOptions,
  type BuildInstanceResult,
  type InstanceSources,
} from './build-instance.js';
export {
  BUILD_PROFILES,
  GUIDE_PROFILES,
  HARNESS_DEFAULT_PROFILES,
  SHARED_LIBRARY_FLAGS,
  profileFlags,
  type BuildFlagsKind,
  type BuildProfile,
} from './build-profiles.js';
export {
  describeInputIssue,
  describeOptionsProblem,
  describeReceived,
  knownFieldsOf,
  likelyMeant,
} from './describe-input-issue.js';
export { readLibraryDefinitions, type LibraryDefinitions } from './library-definitions.js';
