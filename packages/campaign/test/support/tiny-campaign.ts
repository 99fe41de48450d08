// The tests' tiny campaign over synthetic packages: one 32-byte size, 5 ms trials, no baseline,
// the last CPU this process may use, the built driver. One place for the plan the package tests share.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { allowedCpus } from '@ngcc-perf/timing';
import { runCampaign, type RunCampaignOptions, type RunCampaignResult } from '../../src/run-campaign.js';

/**
 * Runs {@link runCampaign} with the tiny plan (options given here win) and reads the run's build.json.
 *
 * @param options - at least `candidates` and `outDirectory`; default phases: the campaign's own.
 * @returns the campaign's result and build.json, parsed as `Build`.
 * @throws what runCampaign throws.
 * @example
 * const { build } = await runTinyCampaign<{ instances: { kat: string }[] }>({ candidates, outDirectory, phases: ['check-host', 'build', 'kat'] });
 */
export async function runTinyCampaign<Build>(
  options: Pick<RunCampaignOptions, 'candidates' | 'outDirectory'> & Partial<RunCampaignOptions>,
): Promise<{ result: RunCampaignResult; build: Build }> {
  const result = await runCampaign({
    systemId: 'x86_9',
    messageSizesBytes: [32],
    trialTargetSeconds: 0.005,
    baseline: false, // the campaign under test is about its packages, not the baseline
    cpus: [allowedCpus().at(-1)!],
    driverPath: process.env.NGCC_PERF_DRIVER ?? '',
    allowUnfixedHost: true,
    ...options,
  });
  const build = JSON.parse(readFileSync(path.join(options.outDirectory, 'build.json'), 'utf8')) as Build;
  return { result, build };
}
