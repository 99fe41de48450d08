import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundledExamplesDirectory } from '@ngcc-perf/native';
import { DEFAULT_TIMING_OPTIONS, GUIDE_MESSAGE_SIZES_BYTES } from '@ngcc-perf/timing';
import { CAMPAIGN_PHASES, type CampaignPhase } from './engine/campaign-types.js';

/**
 * The phases `runCampaign` runs by default: all but `publish`, which needs a data folder.
 * @example
 * DEFAULT_CAMPAIGN_PHASES.includes('publish'); // false
 */
export const DEFAULT_CAMPAIGN_PHASES: readonly CampaignPhase[] = CAMPAIGN_PHASES.filter((p) => p !== 'publish');

/**
 * The plan {@link runCampaign} uses for every option left out: the guide's eight sizes, a 1.0 s
 * trial target, 5 trials and a 900 s budget per operation (guide §3.4), every phase but `publish`.
 * @example
 * RUN_CAMPAIGN_DEFAULTS.trials; // 5
 */
export const RUN_CAMPAIGN_DEFAULTS = {
  messageSizesBytes: GUIDE_MESSAGE_SIZES_BYTES,
  trialTargetSeconds: DEFAULT_TIMING_OPTIONS.trialTargetSeconds,
  budgetSeconds: DEFAULT_TIMING_OPTIONS.budgetSeconds,
  trials: DEFAULT_TIMING_OPTIONS.trials,
  phases: DEFAULT_CAMPAIGN_PHASES,
  /**
   * Cap in milliseconds of each run of the constant-time audit's timing test (phase `ct`; evidence
   * only): a run stops at its minimum number of samples, scaled by the call's cost, or at this cap.
   */
  ctTimingMilliseconds: 20000,
} as const;

/**
 * The default system id of this machine: `x86_1` on x86-64, `arm_1` on AArch64, `<arch>_1` elsewhere.
 * @example
 * defaultSystemId(); // 'x86_1' on x86-64
 */
export function defaultSystemId(arch: string = os.arch()): string {
  const name = arch === 'arm64' ? 'arm' : arch === 'x64' ? 'x86' : arch;
  return `${name}_1`;
}

/**
 * The bundled example candidate folders (`examples/*` of @ngcc-perf/native holding a
 * candidate.json, wherever that package is installed), sorted.
 * @param examplesDirectory - another folder to list instead (default: `bundledExamplesDirectory()` of @ngcc-perf/native).
 * @example
 * await bundledCandidateDirectories(); // ['/…/native/examples/sha512', …]
 */
export async function bundledCandidateDirectories(
  examplesDirectory: string = bundledExamplesDirectory(),
): Promise<string[]> {
  const entries = await readdir(examplesDirectory, { withFileTypes: true });
  const withCandidate: string[] = [];
  for (const folder of entries
    .filter((e) => e.isDirectory())
    .map((e) => path.join(examplesDirectory, e.name))
    .sort()) {
    if ((await readdir(folder)).includes('candidate.json')) withCandidate.push(folder);
  }
  return withCandidate;
}
