import os from 'node:os';
import { HOST_PROBLEM_CODE, type HostProblem } from '@ngcc-perf/record';
import { assessHost } from '@ngcc-perf/timing';
import { CampaignError } from '../campaign-error.js';
import type { CampaignContext } from './campaign-context.js';
import { hasHostProblem } from './host-problems.js';
import { mergeSandboxes, recordSandbox, sandboxProblem } from './campaign-sandbox.js';
import type { CampaignSandbox } from './campaign-types.js';

/**
 * Phase `check-host`: judges the host for every measuring CPU (`assessHost`: counters,
 * perf_event_paranoid, turbo, governor, frequencies, SMT, load, clock probe — guide §3.4) and adds
 * the findings to campaign.json (`hostChecks`, `hostProblems`; `environmentAtStart` the first
 * time), with the sandbox the driver reports for candidate code (`sandbox`; `off` and
 * `unavailable` are host problems, @ngcc-perf/record/docs/RUN-DIRECTORY.md). It runs at every start of a campaign,
 * since a resumed run may be on another host state.
 * @returns the fixed core clock in Hz when cpufreq pins min = max, for the disturbed-trial check.
 * @throws {@link CampaignError} `HOST_NOT_READY` when no sandbox can be entered (always), or when the
 *   host has problems other than `sandbox-off` and --allow-unfixed-host was not given.
 * @example
 * context.coreClockHz = await runCheckHostPhase(context);
 */
export async function runCheckHostPhase(context: CampaignContext): Promise<number | undefined> {
  const { campaign } = context.state;
  let coreClockHz: number | undefined;
  let sandbox: CampaignSandbox | null = null;
  for (const cpu of context.cpus) {
    const assessment = await assessHost({ cpu, driverPath: context.driverPath });
    sandbox = assessment.sandbox === undefined ? null : recordSandbox(assessment.sandbox, context.state.directory);
    const sandboxFinding = sandbox === null ? null : sandboxProblem(sandbox);
    const problems: HostProblem[] = [
      ...assessment.problems.map(({ code, message }) => ({ code, message })),
      ...(sandboxFinding === null ? [] : [sandboxFinding]),
    ];
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
      sandbox: sandbox?.mode ?? null,
    });
    // A start that found no sandbox refused before any candidate code ran: its problem does not describe the records.
    if (sandbox?.mode !== 'unavailable')
      campaign.hostProblems = campaign.hostProblems.filter((p) => p.code !== HOST_PROBLEM_CODE.SANDBOX_UNAVAILABLE);
    for (const problem of problems)
      if (!hasHostProblem(campaign.hostProblems, problem)) campaign.hostProblems.push(problem);
    const { cpufreqMinKhz, cpufreqMaxKhz } = assessment.environment;
    if (cpufreqMinKhz !== null && cpufreqMinKhz === cpufreqMaxKhz) coreClockHz = cpufreqMaxKhz * 1000;
    context.emit({ event: 'host', cpu, problems, notes });
  }
  if (sandbox !== null) campaign.sandbox = mergeSandboxes(campaign.sandbox, sandbox);
  await context.state.saveCampaign();
  if (sandbox?.mode === 'unavailable') {
    throw new CampaignError(
      'HOST_NOT_READY',
      `no sandbox can be entered for candidate code (${sandbox.reason ?? 'reason unknown'}), so no library can run; --allow-unfixed-host cannot help.\n` +
        'Install bubblewrap ("apt-get install bubblewrap") or allow unprivileged user namespaces, then check with `ngcc-perf check-host`; ' +
        'or, only for code you trust, run without a sandbox: ngcc-perf --no-sandbox run … (recorded in campaign.json, every record and the reports).',
    );
  }
  // A sandbox turned off was asked for (--no-sandbox): recorded everywhere, but not a reason to refuse.
  const recordedOnly = campaign.hostProblems.filter((p) => p.code === HOST_PROBLEM_CODE.SANDBOX_OFF);
  const refusing = campaign.hostProblems.filter((p) => !recordedOnly.includes(p));
  if (refusing.length > 0 && !context.allowUnfixedHost) {
    throw new CampaignError(
      'HOST_NOT_READY',
      `the host check found ${refusing.length} problem(s) that make the figures less trustworthy:\n` +
        refusing.map((p) => `  - ${p.message}`).join('\n') +
        '\nFix them (see `ngcc-perf check-host`), or measure anyway with --allow-unfixed-host (or NGCC_PERF_ALLOW_UNFIXED_HOST=1): ' +
        'the problems are then named in campaign.json, in every record and in the reports.' +
        recordedOnly.map((p) => `\nRecorded, not refused: ${p.message}.`).join(''),
    );
  }
  return coreClockHz;
}
