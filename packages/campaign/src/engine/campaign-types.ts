import type { HostProblem, HostProblemCode } from '@ngcc-perf/record';
import type { CampaignBaseline } from '@ngcc-perf/record';
import type { KatVerdict } from '@ngcc-perf/kat';
import type {
  BuildEntry as ReportBuildEntry,
  BuildFile as ReportBuildFile,
  CAMPAIGN_FORMAT,
  PackageEvidence as ReportPackageEvidence,
} from '@ngcc-perf/record';
import type { BuildProfile } from '@ngcc-perf/native';

/**
 * The phases of a campaign, in order (@ngcc-perf/campaign/docs/CAMPAIGNS.md). Each is resumable in one run
 * directory: it skips what the directory already holds.
 * @example
 * CAMPAIGN_PHASES.indexOf('measure'); // 4
 */
export const CAMPAIGN_PHASES = [
  'check-host',
  'build',
  'kat',
  'ct',
  'calibrate',
  'measure',
  'report',
  'publish',
] as const;

/** One campaign phase. */
export type CampaignPhase = (typeof CAMPAIGN_PHASES)[number];

/** The timing plan of a campaign (campaign.json `plan`, guide §3.4); a resume must match it exactly. */
export interface CampaignPlan {
  trialTargetSeconds: number;
  budgetSeconds: number;
  trials: number;
  minIterations: number;
  maxIterations: number;
  messageSizesBytes: number[];
  messageRule: string;
  /**
   * `fixed`: every driver process runs with ADDR_NO_RANDOMIZE (`run --fixed-layout`), so all
   * trials share one address-space layout. Absent: the kernel's randomised layout (campaigns
   * before the option have none, and resume as before).
   */
  addressLayout?: 'fixed';
  /**
   * `run --count-instructions SOURCE`: the instructions per call of every operation are counted in
   * the measure phase, beside its trials (record `instructionCount`). Absent: not counted.
   */
  countInstructions?: 'auto' | 'pmu' | 'valgrind';
}

/** Where a shard's index came from. */
export type ShardSource = 'flag' | 'slurm' | 'kubernetes';

/** Shard K of N (1-based K). */
export interface ShardSpec {
  index: number;
  count: number;
  source: ShardSource;
}

/** One instance a campaign measures, keyed `<candidate>/<instance>`. */
export interface CandidateList {
  id: string;
  instances: string[];
}

/** campaign.json's `shard` (null for an unsharded run). */
export interface CampaignShard {
  index: number;
  count: number;
  source: ShardSource;
  /** Every instance of the campaign (`<candidate>/<instance>`) and the shard it went to. */
  assignment: Record<string, number>;
  /** Prior cost per instance in seconds that ordered the split, or null where none was known. */
  priorCostSeconds: Record<string, number | null>;
}

/** One host check (campaign.json `hostChecks`): every start of a run adds one per CPU. */
export interface HostCheck {
  utc: string;
  hostname: string;
  cpu: number;
  shard: string | null;
  problems: HostProblem[];
  notes: string[];
  /** Clock probe median, ticks per second, when the probe ran. */
  clockProbeMedianHz: number | null;
  /** The sandbox mode the driver reported at this start; null when the driver predates the sandbox (absent in older files). */
  sandbox?: SandboxMode | null;
}

/** How candidate code was confined (@ngcc-perf/native/PROTOCOL.md "Sandbox"): `bwrap`, `unshare`, `off` or `unavailable`. */
export type SandboxMode = 'bwrap' | 'unshare' | 'off' | 'unavailable';

/**
 * The host problem codes of the sandbox: `sandbox-off` (asked for with --no-sandbox or
 * NGCC_PERF_NO_SANDBOX: recorded in every record and page, but `run` measures) and
 * `sandbox-unavailable` (no sandbox could be entered: `run` refuses, even with --allow-unfixed-host).
 */
export type SandboxProblemCode = Extract<HostProblemCode, 'sandbox-off' | 'sandbox-unavailable'>;

/**
 * campaign.json `sandbox` (@ngcc-perf/record/docs/RUN-DIRECTORY.md): the sandbox the driver's library-running
 * processes entered, as `ngcc-perf-driver info` reports it, without host paths (the scratch
 * folder and the bwrap binary are left out; texts made portable). Limits: `maxMemoryBytes` bytes
 * of address space outside `kat` and `cpuSeconds` seconds of CPU (null: no limit), `openFiles`
 * descriptors, `coreBytes` bytes of core dump, `scratchBytes` bytes of private scratch tmpfs.
 * Fields the driver leaves out (all limits when `off` or `unavailable`) are absent.
 */
export interface CampaignSandbox {
  mode: SandboxMode;
  requested?: string;
  network?: string;
  filesystem?: string;
  scratchBytes?: number;
  noNewPrivs?: boolean;
  seccomp?: string | null;
  maxMemoryBytes?: number | null;
  cpuSeconds?: number | null;
  openFiles?: number;
  coreBytes?: number;
  /** Why bwrap was passed over (mode `unshare` under `auto`). */
  bwrapFailure?: string;
  /** Why the sandbox was off, or why none could be entered. */
  reason?: string;
  /** The host problem this sandbox is, or null for `bwrap` and `unshare`. */
  problem: SandboxProblemCode | null;
}

/** The state of one phase in campaign.json `phases`. */
export interface PhaseState {
  startedUtc: string;
  endedUtc: string | null;
}

/** campaign.json (@ngcc-perf/record/docs/RUN-DIRECTORY.md, the run-directory layout) as this package writes it. */
export interface CampaignFile {
  format: typeof CAMPAIGN_FORMAT;
  systemId: string;
  startedUtc: string;
  endedUtc: string | null;
  plan: CampaignPlan;
  /** The build profile forced for every instance, or null when each instance's variant picks it. */
  buildProfile: BuildProfile | null;
  candidates: CandidateList[];
  shard: CampaignShard | null;
  cpus: number[];
  tools: { compiler: string | null; buildTool: string | null; node: string | null; ngccPerf: string | null };
  environmentAtStart: unknown;
  environmentAtEnd: unknown;
  hostProblems: HostProblem[];
  hostChecks: HostCheck[];
  phases: Partial<Record<CampaignPhase, PhaseState>>;
  /** The sandbox candidate code ran in (the least confining of the starts); absent before the check-host phase or with a driver that predates the sandbox. */
  sandbox?: CampaignSandbox;
  /** For a merged dataset: where each part came from. */
  mergedFrom?: MergedPart[];
  /** The ICCS baseline measured in the campaign (record's `baselineSchema`); absent without one. */
  baseline?: CampaignBaseline;
  /** `true` when the campaign was told to leave the baseline out (`run --no-baseline`); absent otherwise. */
  baselineLeftOut?: true;
}

/** One input of a merged dataset (campaign.json `mergedFrom`). */
export interface MergedPart {
  /** Folder name of the input run directory. */
  directory: string;
  shard: string | null;
  startedUtc: string;
  endedUtc: string | null;
  cpus: number[];
  tools: CampaignFile['tools'];
  instances: string[];
}

/** What the guide profile gave before a fallback: built and passed, a KAT verdict, or no build. */
export type GuideResult = KatVerdict | 'BUILDFAIL';

/** One build.json instance (@ngcc-perf/record/docs/RUN-DIRECTORY.md), with the campaign's build evidence: report's `buildEntrySchema`. */
export type BuildEntry = ReportBuildEntry;

/** A build.json entry whose KAT phase has run (its `kat` verdict is known): the entries that are timed. */
export type JudgedBuildEntry = BuildEntry & { kat: KatVerdict };

/** build.json: report's `buildFileSchema`. */
export type BuildFile = ReportBuildFile;

/** build.json's record of a candidate discovered in an official package: report's `packageEvidenceSchema`. */
export type PackageEvidence = ReportPackageEvidence;

/**
 * The key of an instance in a campaign: `<candidate>/<instance>`.
 * @example
 * instanceKey('example-sm3', 'sm3'); // 'example-sm3/sm3'
 */
export function instanceKey(candidate: string, instance: string): string {
  return `${candidate}/${instance}`;
}
