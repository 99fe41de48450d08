import os from 'node:os';
import type { HostProblem } from '@ngcc-perf/record';
import type { DriverSandbox } from '@ngcc-perf/timing';
import type { CampaignSandbox, SandboxProblemCode } from './campaign-types.js';
import { portableText } from './portable-paths.js';

/** The scratch folder the driver mounts inside its sandbox (@ngcc-perf/native/PROTOCOL.md "Sandbox"). */
const SCRATCH_DIRECTORY = '/tmp/ngcc-perf-scratch';

const COPIED = [
  'requested',
  'network',
  'filesystem',
  'scratchBytes',
  'noNewPrivs',
  'seccomp',
  'maxMemoryBytes',
  'cpuSeconds',
  'openFiles',
  'coreBytes',
  'bwrapFailure',
  'reason',
] as const;

function portableReason(text: string, runDirectory: string, bwrapPath: string | null | undefined): string {
  let portable = portableText(text, runDirectory).split(SCRATCH_DIRECTORY).join('<tmp>/ngcc-perf-scratch');
  if (typeof bwrapPath === 'string' && bwrapPath.includes('/')) portable = portable.split(bwrapPath).join('bwrap');
  const home = os.homedir();
  return home.length > 1 ? portable.split(`${home}/`).join('~/') : portable;
}

/**
 * The campaign.json `sandbox` of what `ngcc-perf-driver info` reported: its mode, limits and
 * reasons, without the scratch folder's and the bwrap binary's paths (the run-directory layout: no temp or home
 * path in the evidence), with its host problem code.
 * @param sandbox - `HostAssessment.sandbox` (the driver's `info.sandbox`)
 * @param runDirectory - absolute run directory (paths in the reasons become relative to it)
 * @example
 * recordSandbox({ mode: 'off', requested: 'off', network: 'host', filesystem: 'host', reason: '--no-sandbox' }, '/runs/x');
 * // { mode: 'off', requested: 'off', network: 'host', filesystem: 'host', reason: '--no-sandbox', problem: 'sandbox-off' }
 */
export function recordSandbox(sandbox: DriverSandbox, runDirectory: string): CampaignSandbox {
  const recorded: Record<string, unknown> = { mode: sandbox.mode };
  for (const key of COPIED) {
    const value = sandbox[key];
    if (value === undefined) continue;
    recorded[key] =
      typeof value === 'string' && (key === 'reason' || key === 'bwrapFailure')
        ? portableReason(value, runDirectory, sandbox.bwrap)
        : value;
  }
  const problem: SandboxProblemCode | null =
    sandbox.mode === 'off' ? 'sandbox-off' : sandbox.mode === 'unavailable' ? 'sandbox-unavailable' : null;
  return { ...(recorded as Omit<CampaignSandbox, 'problem'>), problem };
}

/**
 * The host problem of a sandbox that is one (`off`, `unavailable`), else null: its code
 * (`HOST_PROBLEM_CODE.SANDBOX_OFF` or `SANDBOX_UNAVAILABLE` of `@ngcc-perf/record`) and a sentence.
 * @example
 * sandboxProblem(recordSandbox(info.sandbox, dir))?.code; // 'sandbox-off'
 */
export function sandboxProblem(sandbox: CampaignSandbox): HostProblem | null {
  if (sandbox.problem === null) return null;
  const why = sandbox.reason ?? (sandbox.problem === 'sandbox-off' ? 'turned off' : 'reason unknown');
  const message =
    sandbox.problem === 'sandbox-off'
      ? `sandbox OFF (${why}): candidate code ran outside the driver's sandbox, with the full rights of the user who ran the campaign ` +
        '(network, files, new processes); recorded but not refused, since --no-sandbox or NGCC_PERF_NO_SANDBOX asked for it. Measure code you do not trust only in the sandbox'
      : `sandbox UNAVAILABLE (${why}): neither bubblewrap nor the driver's own namespaces could confine candidate code, so no library can run. ` +
        'Install bubblewrap or allow unprivileged user namespaces (check with "ngcc-perf check-host"), or pass --no-sandbox for code you trust';
  return { code: sandbox.problem, message };
}

/**
 * The campaign's sandbox after one more start (or one more merged part): the least confining
 * one wins, so a campaign any part of which ran without a sandbox says so. `off` stays once
 * recorded; a confined mode (`bwrap`, `unshare`) keeps the first; `unavailable` (a start that
 * refused, in which nothing ran) gives way to the next start's.
 * @example
 * mergeSandboxes(bwrap, off).mode; // 'off'
 * mergeSandboxes(off, bwrap).mode; // 'off'
 * mergeSandboxes(unavailable, bwrap).mode; // 'bwrap'
 */
export function mergeSandboxes(previous: CampaignSandbox | undefined, next: CampaignSandbox): CampaignSandbox {
  if (previous === undefined || previous.mode === 'unavailable') return next;
  if (next.mode === 'unavailable') return previous;
  return next.mode === 'off' && previous.mode !== 'off' ? next : previous;
}
