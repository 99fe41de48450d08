export { canonicalDigest } from './canonical-digest.js';
export type { CanonicalDigestOptions, CanonicalMode } from './canonical-digest.js';
export type {
  DriverKatOptions,
  DriverKatOutcome,
  DriverKatRecord,
  DriverKatRun,
  DriverRunner,
  KatTestSizes,
} from './driver-runner.js';
export {
  findManifestEntry,
  findManifestEntryByDigest,
  findManifestEntryBySpelling,
  katKindOf,
} from './find-manifest-entry.js';
export { formatKatFile } from './format-kat-file.js';
export { formatManifestLine } from './format-manifest-line.js';
export { probeDigestLength } from './hash/digest-length-probe.js';
export type { DigestLengthProbe } from './hash/digest-length-probe.js';
export { describeKatIdentity, identifyByKatDigests, readOfficialManifests } from './hash/official-kat-identity.js';
export type { OfficialManifest } from './hash/official-kat-identity.js';
export { checkPackageKatFiles } from './hash/package-kat-files.js';
export type { PackageKatFileCheck } from './hash/package-kat-files.js';
export { HashDrbg } from './hash-drbg.js';
export type { DrbgHashFunction, HashDrbgState } from './hash-drbg.js';
export { hashReferenceKatFiles } from './hash-reference-kat-files.js';
export type { HashReferenceKatFilesOptions } from './hash-reference-kat-files.js';
export { KatError } from './kat-error.js';
export type { KatErrorCode } from './kat-error.js';
export {
  ALL_KAT_FILES,
  DEFAULT_KAT_FILES,
  KAT_2_12_MAX_BITS,
  KAT_LOOP,
  generateKatMessages,
  katFileName,
} from './kat-messages.js';
export type { KatFileKind, KatMessage } from './kat-messages.js';
export { describeKatMessage, formatKatRecords } from './kat-records.js';
export type { KatFileResult, KatResult, KatResultBase, KatVerdictFields } from './kat-result.js';
export { NGCC_SEED_BYTES, createNgccDrng, ngccKatSeed } from './ngcc-drng.js';
export { parseKatFile } from './parse-kat-file.js';
export type { KatFileField, KatFileRecord } from './parse-kat-file.js';
export { parseManifest } from './parse-manifest.js';
export type { KatManifest, KatManifestEntry } from './parse-manifest.js';
export { updateManifestText } from './update-manifest.js';
export type { NewManifestEntry } from './update-manifest.js';
export { bundledPublicKeyManifest } from './public-key/bundled-manifests.js';
export { publicKeyManifestsByDigest } from './public-key/manifests-by-digest.js';
export type { GeneratedKatFile, ManifestByDigest } from './public-key/manifests-by-digest.js';
export { measuredSizes } from './public-key/measured-sizes.js';
export { runPublicKeyKat } from './public-key/run-public-key-kat.js';
export type {
  PublicKeyCategory,
  PublicKeyCheckFailure,
  PublicKeyKatResult,
  RunPublicKeyKatOptions,
} from './public-key/run-public-key-kat.js';
export { renderKatLog } from './render-kat-log.js';
export { renderCategoryKatLog } from './render-category-kat-log.js';
export type { CategoryKatLogFile, CategoryKatLogInput } from './render-category-kat-log.js';
export type { KatLogHeader, KatLogInput } from './render-kat-log.js';
export { RUN_KAT_DEFAULTS, runKat } from './run-kat.js';
export type { RunKatOptions } from './run-kat.js';
export { VERDICT_EXIT_CODES } from './verdicts.js';
export { writeManifestFromKatFiles } from './write-manifest.js';
export type { WriteManifestOptions } from './write-manifest.js';
export type { KatVerdict } from './verdicts.js';
export { runCategoryKat } from './run-category-kat.js';
export { runCategoryInstanceKat } from './run-category-instance-kat.js';
export type { CategoryInstanceKatResult, RunCategoryInstanceKatOptions } from './run-category-instance-kat.js';
export type { CategoryKatResult, RunCategoryKatOptions } from './category-kat-types.js';
