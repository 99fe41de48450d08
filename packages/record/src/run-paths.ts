import path from 'node:path';

/** Relative paths inside a run directory (docs/RUN-DIRECTORY.md, SPEC §8). */
export const runPaths = {
  campaign: 'campaign.json',
  build: 'build.json',
  /** The lock a campaign, merge or publish holds while it writes (never published). */
  lock: '.ngcc-perf.lock',
  library: (candidate: string, instance: string) => path.posix.join('lib', candidate, `lib${instance}.so`),
  katLog: (candidate: string, instance: string) => path.posix.join('kat', candidate, `${instance}.log`),
  guideKatLog: (candidate: string, instance: string) => path.posix.join('kat', candidate, `${instance}.guide.log`),
  katFiles: (candidate: string, instance: string) => path.posix.join('kat', candidate, instance),
  calibration: (candidate: string, instance: string, messageBytes: number) =>
    path.posix.join('calibration', candidate, `${instance}__hash_${messageBytes}.json`),
  record: (candidate: string, instance: string, messageBytes: number) =>
    path.posix.join('records', candidate, `${instance}__hash_${messageBytes}.json`),
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
