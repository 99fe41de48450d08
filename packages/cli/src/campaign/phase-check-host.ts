import os from 'node:os';
import { assessHost } from '@ngcc-perf/timing';
import { CliError } from '../cli-error.js';
import type { CampaignContext } from './campaign-context.js';

/**
 * Phase `check-host`: judges the host for every measuring CPU (`assessHost`: counters,
 * perf_event_paranoid, turbo, governor, frequencies, SMT, load, clock probe — SPEC §5) and adds
 * the findings to campaign.json (`hostChecks`, `hostProblems`; `environmentAtStart` the first
 * time). It runs at every start of a campaign, since a resumed run may be on another host state.
 * @returns the fixed core clock in Hz when cpufreq pins min = max, for the disturbed-trial check.
 * @example
 * context.coreClockHz = await runCheckHostPhase(context);
 */
export async function runCheckHostPhase(context: CampaignContext): Promise<number | undefined> {
  const { campaign } = context.state;
  let coreClockHz: number | undefined;
  for (const cpu of context.cpus) {
    const assessment = await assessHost({ cpu, driverPath: context.driverPath });
    const problems = assessment.problems.map((p) => p.message);
    const notes = assessment.notes.map((n) => n.message);
    campaign.environmentAtStart ??= assessment.environment;
    campaign.hostChecks.push({
      utc: new Date().toISOString(),
      cpu,
      shard: campaign.shard === null ? null : `${campaign.shard.index}/${campaign.shard.count}`,
      problems,
      notes,
      clockProbeMedianHz: assessment.clockProbe?.medianHz ?? null,
      hostname: os.hostname(),
    });
    for (const problem of problems) if (!campaign.hostProblems.includes(problem)) campaign.hostProblems.push(problem);
    const { cpufreqMinKhz, cpufreqMaxKhz } = assessment.environment;
    if (cpufreqMinKhz !== null && cpufreqMinKhz === cpufreqMaxKhz) coreClockHz = cpufreqMaxKhz * 1000;
    context.emit({ event: 'host', cpu, problems, notes });
  }
  await context.state.saveCampaign();
  if (campaign.hostProblems.length > 0 && !context.allowUnfixedHost) {
    throw new CliError(
      'HOST_NOT_READY',
      `the host check found ${campaign.hostProblems.length} problem(s) that make the figures less trustworthy:\n` +
        campaign.hostProblems.map((p) => `  - ${p}`).join('\n') +
        '\nFix them (see `ngcc-perf check-host`), or measure anyway with --allow-unfixed-host (or NGCC_PERF_ALLOW_UNFIXED_HOST=1): ' +
        'the problems are then named in campaign.json, in every record and in the reports.',
    );
  }
  return coreClockHz;
}
