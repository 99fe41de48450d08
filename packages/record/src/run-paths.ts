import path from 'node:path';

/** `<folder>/<candidate>/<instance>__<stem>.json`: one file per instance × operation. */
const operationFile = (folder: string, candidate: string, instance: string, fileStem: string) =>
  path.posix.join(folder, candidate, `${instance}__${fileStem}.json`);

/**
 * Relative paths inside a run directory (@ngcc-perf/record/docs/RUN-DIRECTORY.md). A record and a
 * calibration file are per instance × operation, named by the operation's file stem, which its
 * category gives (`operations.fileStem` of `@ngcc-perf/category`: `hash_64`, `enc`);
 * `record`/`calibration` are the hash operation's (`hash_<L>`).
 */
export const runPaths = {
  campaign: 'campaign.json',
  build: 'build.json',
  /** The lock a campaign, merge or publish holds while it writes (never published). */
  lock: '.ngcc-perf.lock',
  library: (candidate: string, instance: string) => path.posix.join('lib', candidate, `lib${instance}.so`),
  katLog: (candidate: string, instance: string) => path.posix.join('kat', candidate, `${instance}.log`),
  guideKatLog: (candidate: string, instance: string) => path.posix.join('kat', candidate, `${instance}.guide.log`),
  katFiles: (candidate: string, instance: string) => path.posix.join('kat', candidate, instance),
  /** The patched copies of a candidate folder, one per instance whose candidate.json names a `patch`. */
  patchedSources: (candidate: string) => path.posix.join('patched', candidate),
  calibration: (candidate: string, instance: string, messageBytes: number) =>
    operationFile('calibration', candidate, instance, `hash_${messageBytes}`),
  record: (candidate: string, instance: string, messageBytes: number) =>
    operationFile('records', candidate, instance, `hash_${messageBytes}`),
  /** The calibration file of any category's operation, by its file stem. */
  operationCalibration: (candidate: string, instance: string, fileStem: string) =>
    operationFile('calibration', candidate, instance, fileStem),
  /** The record of any category's operation, by its file stem. */
  operationRecord: (candidate: string, instance: string, fileStem: string) =>
    operationFile('records', candidate, instance, fileStem),
  report: (candidate: string, system: string, extension: 'md' | 'html') =>
    path.posix.join('reports', candidate, `perf_${system}.${extension}`),
} as const;

/** The top-level entries of a run directory that are evidence (what merge and publish copy). */
export const EVIDENCE_ENTRIES = [
  'campaign.json',
  'build.json',
  'lib',
  'kat',
  'calibration',
  'records',
  'reports',
  'exports',
] as const;
