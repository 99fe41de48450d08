import path from 'node:path';
import { CAMPAIGN_FORMAT, type HostProblem } from '@ngcc-perf/record';
import { mergeSandboxes } from './campaign-sandbox.js';
import { hasHostProblem } from './host-problems.js';
import type { CampaignFile, CampaignSandbox, CandidateList } from './campaign-types.js';

/** One input of {@link mergeCampaigns}. */
export interface CampaignPart {
  directory: string;
  campaign: CampaignFile;
  /** Its instances, `<candidate>/<instance>`. */
  instances: string[];
}

function unionCandidates(parts: readonly CampaignPart[]): CandidateList[] {
  const merged: CandidateList[] = [];
  for (const part of parts) {
    for (const candidate of part.campaign.candidates) {
      const existing = merged.find((c) => c.id === candidate.id);
      if (existing === undefined) merged.push({ id: candidate.id, instances: [...candidate.instances] });
      else
        for (const instance of candidate.instances)
          if (!existing.instances.includes(instance)) existing.instances.push(instance);
    }
  }
  return merged;
}

/**
 * Combines the campaign.json of the parts of one dataset: same system and plan; started at the
 * earliest start and ended at the latest end, with the environment of those moments; CPUs, host
 * problems and host checks of all parts; the least confining sandbox of the parts (absent when
 * none records one); `shard: null`; and `mergedFrom` naming each part (its folder name, shard,
 * times, CPUs, tools and instances).
 * @param parts - compatible campaigns (checked by the caller)
 * @example
 * const campaign = mergeCampaigns([{ directory: 'runs/s1', campaign: a, instances: ['x/y'] }, …]);
 */
export function mergeCampaigns(parts: readonly CampaignPart[]): CampaignFile {
  const byStart = [...parts].sort((a, b) => a.campaign.startedUtc.localeCompare(b.campaign.startedUtc));
  const byEnd = [...parts].sort((a, b) => String(a.campaign.endedUtc).localeCompare(String(b.campaign.endedUtc)));
  const first = byStart[0]!;
  const last = byEnd[byEnd.length - 1]!;
  const hostProblems: HostProblem[] = [];
  for (const part of parts)
    for (const problem of part.campaign.hostProblems)
      if (!hasHostProblem(hostProblems, problem)) hostProblems.push(problem);
  let sandbox: CampaignSandbox | undefined;
  for (const part of byStart)
    if (part.campaign.sandbox !== undefined) sandbox = mergeSandboxes(sandbox, part.campaign.sandbox);
  return {
    format: CAMPAIGN_FORMAT,
    systemId: first.campaign.systemId,
    startedUtc: first.campaign.startedUtc,
    endedUtc: last.campaign.endedUtc,
    plan: first.campaign.plan,
    buildProfile: first.campaign.buildProfile,
    candidates: unionCandidates(parts),
    shard: null,
    cpus: [...new Set(parts.flatMap((p) => p.campaign.cpus))].sort((a, b) => a - b),
    tools: first.campaign.tools,
    environmentAtStart: first.campaign.environmentAtStart,
    environmentAtEnd: last.campaign.environmentAtEnd,
    hostProblems,
    hostChecks: parts.flatMap((p) => p.campaign.hostChecks ?? []).sort((a, b) => a.utc.localeCompare(b.utc)),
    phases: {},
    ...(sandbox === undefined ? {} : { sandbox }),
    ...(first.campaign.baseline === undefined ? {} : { baseline: first.campaign.baseline }),
    ...(first.campaign.baselineLeftOut === true ? { baselineLeftOut: true as const } : {}),
    mergedFrom: parts.map((p) => ({
      directory: path.basename(p.directory),
      shard: p.campaign.shard === null ? null : `${p.campaign.shard.index}/${p.campaign.shard.count}`,
      startedUtc: p.campaign.startedUtc,
      endedUtc: p.campaign.endedUtc,
      cpus: p.campaign.cpus,
      tools: p.campaign.tools,
      instances: p.instances,
    })),
  };
}
