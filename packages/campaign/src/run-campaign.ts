import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { driverPath } from '@ngcc-perf/native';
import { parseManifest, readOfficialManifests, type KatManifest, type KatVerdict } from '@ngcc-perf/kat';
import type { KatIdentity } from '@ngcc-perf/record';
import {
  claimMeasuringCpu,
  DEFAULT_TIMING_OPTIONS,
  describeCpuClaim,
  type InstructionSourceChoice,
} from '@ngcc-perf/timing';
import type { BuildProfile } from '@ngcc-perf/native';
import { officialManifestPath, readBundledCatalog, type HashCatalog, type RefusedInput } from '@ngcc-perf/intake';
import type { CategoryRegistry } from '@ngcc-perf/category';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import type { CampaignCandidate } from './engine/campaign-candidate.js';
import type { CampaignContext, CampaignUnit } from './engine/campaign-context.js';
import type { CampaignEvent, CampaignEventSink, PlannedOperation } from './engine/campaign-events.js';
import {
  instanceKey,
  type PackageEvidence,
  type CampaignPhase,
  type CampaignPlan,
  type CampaignShard,
  type ShardSpec,
} from './engine/campaign-types.js';
import { displayPath } from './engine/build-evidence.js';
import { createBuildRoot } from './engine/build-root.js';
import { runBuildPhase } from './engine/phase-build.js';
import { runCalibratePhase } from './engine/phase-calibrate.js';
import { runCheckHostPhase } from './engine/phase-check-host.js';
import { runKatPhase } from './engine/phase-kat.js';
import { runCtPhase } from './engine/phase-ct.js';
import { closeCampaign, runMeasurePhase, type MeasurePhaseResult } from './engine/phase-measure.js';
import { timedOperations } from './engine/operation-files.js';
import { readPriorCosts } from './engine/prior-costs.js';
import { publishRun, type PublishRunResult } from './engine/publish-run.js';
import { supersedeUnstableRecords } from './engine/remeasure-unstable.js';
import { renderReports } from './engine/render-reports.js';
import { openRunState, type RunState } from './engine/run-state.js';
import { assignShards } from './engine/shard-selection.js';
import { checkFixedAddressLayout } from './engine/check-address-layout.js';
import { CampaignError } from './campaign-error.js';
import { defaultSystemId, RUN_CAMPAIGN_DEFAULTS } from './campaign-defaults.js';
import { readToolVersions } from './tool-versions.js';
import { baselineCandidate, BASELINE_CANDIDATE_ID } from './baseline-candidate.js';
import { packageEvidence } from './engine/package-evidence.js';

/** Options of {@link runCampaign}. */
export interface RunCampaignOptions {
  /** The candidates, each of a category of `categories` (intake's candidates are hash ones). */
  candidates: CampaignCandidate[];
  /**
   * The categories a candidate's `category` names (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories): the
   * phases ask them for the operations, KAT files, page sections; default `BUILT_IN_REGISTRY` of
   * @ngcc-perf/categories. A category of one's own comes in with `registryWith(mine)`.
   */
  categories?: CategoryRegistry;
  /** Inputs that yielded no measurable instance (resolveRunInputs `refused`): listed in build.json `packages` with their reason. */
  refusedInputs?: RefusedInput[];
  /** The run directory (created; resumed when it holds a campaign). */
  outDirectory: string;
  /** System id, `<arch>_<n>` (guide §3.3); default {@link defaultSystemId}. */
  systemId?: string;
  /** Message sizes in bytes; default the guide's eight ({@link GUIDE_MESSAGE_SIZES_BYTES}). */
  messageSizesBytes?: readonly number[];
  /** Target seconds per trial (guide §3.4; default 1.0). */
  trialTargetSeconds?: number;
  /** Most seconds one operation may take (guide §3.4; default 900). */
  budgetSeconds?: number;
  /**
   * Most seconds a driver process of one operation may run before it is ended as TIMEOUT (a verdict
   * in the record; the other operations go on): the calibration's one call gets this, a trial this or
   * ten times its plan, whichever is longer (timing's `operationTimeoutSeconds`). Default: the
   * calibration gets `budgetSeconds`, a trial max(60 s, ten times its plan).
   */
  operationTimeoutSeconds?: number;
  /** Trials per operation, each in its own driver process (guide §3.4; default 5). */
  trials?: number;
  /**
   * `fixed`: every driver process of the calibrate and measure phases runs with ADDR_NO_RANDOMIZE
   * (@ngcc-perf/native/PROTOCOL.md `--fixed-layout`), recorded in campaign.json `plan` and in every record's
   * plan; default `randomized`. Checked before calibrating: a host that clears the flag (bubblewrap
   * as root) is refused with {@link CampaignError} `HOST_NOT_READY`.
   */
  addressLayout?: 'fixed' | 'randomized';
  /**
   * Count every operation's instructions per call beside its trials (`auto`: the PMU where there is
   * one, else valgrind; timing's `countInstructions`), recorded in campaign.json `plan` and in each
   * record's `instructionCount`; default null (not counted).
   */
  countInstructions?: InstructionSourceChoice | null;
  /**
   * CPUs that measure, one worker each (`--cpus 2,3,4`); default `[cpu]`, else the last CPU this
   * process may use that no other running ngcc-perf holds (`claimMeasuringCpu` of @ngcc-perf/timing:
   * a lock file per CPU; a `warning` event names the CPU when others were taken).
   */
  cpus?: number[];
  /** The single measuring CPU (`--cpu`), when `cpus` is not given. */
  cpu?: number;
  /** Build every instance with this guide profile instead of its variant's. */
  buildProfile?: BuildProfile | null;
  /** Shard K/N of the campaign, or null/undefined for all instances. */
  shard?: ShardSpec | null;
  /** Earlier run directories whose records give each instance's cost for the shard split. */
  priorRunDirectories?: string[];
  /** Phases to run (in campaign order whatever the order given); default {@link DEFAULT_CAMPAIGN_PHASES}. */
  phases?: readonly CampaignPhase[];
  /** Where the `publish` phase copies the dataset (`<data>/<system>/`); needed for that phase. */
  publish?: { dataDirectory: string; replace: boolean } | null;
  /** `ngcc-perf-driver`; default: `driverPath()` of @ngcc-perf/native (built on first use). */
  driverPath?: string;
  /**
   * Measure although the host check found problems (guide §3.4, guide §3.3): they are recorded in
   * campaign.json, in every record and in the reports. Without it a host with problems is refused.
   */
  allowUnfixedHost?: boolean;
  /** Milliseconds of the constant-time audit's timing test per instance; default {@link RUN_CAMPAIGN_DEFAULTS}.ctTimingMilliseconds. */
  ctTimingMilliseconds?: number;
  /**
   * The catalog whose official manifests recognise the KAT files of a candidate without a manifest
   * of its own, by digest (build.json `katIdentity`); default the bundled one (`readBundledCatalog`).
   */
  catalog?: HashCatalog;
  /** Receives progress events (the CLI renders them as a bar, lines or JSON). */
  onEvent?: CampaignEventSink;
  /**
   * `unstable`: before measuring, move the complete records whose trial CV is above its limit to
   * `remeasured/` (kept) so exactly those operations are measured again; each new record carries
   * `remeasure` naming the one it replaces.
   */
  remeasure?: 'unstable';
  /**
   * Measure the ICCS baseline (`sm3hash` and `pseudoXOF` at every output width of the candidates,
   * {@link baselineCandidate}) in this campaign, as the candidate `iccs-baseline`, named in
   * campaign.json `baseline`; default true. `false` (`ngcc-perf run --no-baseline`) leaves it out and
   * records `baselineLeftOut: true` in campaign.json, so the pages say why there is no × baseline.
   * A candidate list that already holds `iccs-baseline` measures it as given. The constant-time audit skips it.
   */
  baseline?: boolean;
}

/** What {@link runCampaign} leaves behind, as paths relative to the run directory. */
export interface RunCampaignResult {
  /** Absolute run directory. */
  runDirectory: string;
  resumed: boolean;
  shard: ShardSpec | null;
  /** The shard's instances, `<candidate>/<instance>`. */
  instances: string[];
  reportsMarkdown: string[];
  reportsHtml: string[];
  /** The system's HTML summary, linking every page; null when no report was rendered. */
  summaryHtml: string | null;
  /** Each instance's KAT verdict; `katIdentity` when a candidate without a manifest was recognised by its KAT digests. */
  verdicts: {
    candidate: string;
    instance: string;
    verdict: KatVerdict;
    flags: string;
    katIdentity?: KatIdentity;
  }[];
  records: MeasurePhaseResult;
  /** Wall time of this call of {@link runCampaign}, seconds (the share of instruction counting is `records.instructionCountSeconds` of it). */
  wallSeconds: number;
  published: PublishRunResult | null;
  /** After a build phase: the shard's instances and how many of them have a library; null without one. */
  built: { instances: number; libraries: number } | null;
  /**
   * build.json's `packages` as this run wrote them: each package's folders not measured (`unmeasured`,
   * `skipped` or `not-measurable`, with the reason), and the inputs that yielded nothing (`reason`).
   */
  packages: PackageEvidence[];
}

function campaignPlan(options: RunCampaignOptions): CampaignPlan {
  return {
    trialTargetSeconds: options.trialTargetSeconds ?? RUN_CAMPAIGN_DEFAULTS.trialTargetSeconds,
    budgetSeconds: options.budgetSeconds ?? RUN_CAMPAIGN_DEFAULTS.budgetSeconds,
    trials: options.trials ?? RUN_CAMPAIGN_DEFAULTS.trials,
    minIterations: DEFAULT_TIMING_OPTIONS.minIterations,
    maxIterations: DEFAULT_TIMING_OPTIONS.maxIterations,
    messageSizesBytes: [...(options.messageSizesBytes ?? RUN_CAMPAIGN_DEFAULTS.messageSizesBytes)],
    messageRule: 'byte i = (i*131 + L) mod 256',
    ...(options.addressLayout === 'fixed' ? { addressLayout: 'fixed' as const } : {}),
    ...(options.countInstructions == null ? {} : { countInstructions: options.countInstructions }),
  };
}

async function shardOf(options: RunCampaignOptions, units: CampaignUnit[]): Promise<CampaignShard | null> {
  const spec = options.shard ?? null;
  if (spec === null) return null;
  const prior = await readPriorCosts(options.priorRunDirectories ?? []);
  const priorCostSeconds = Object.fromEntries(units.map((u) => [u.key, prior[u.key] ?? null]));
  const assignment = assignShards(
    units.map((u) => ({ key: u.key, costSeconds: priorCostSeconds[u.key] ?? null })),
    spec.count,
  );
  return { index: spec.index, count: spec.count, source: spec.source, assignment, priorCostSeconds };
}

async function manifestsOf(candidates: CampaignCandidate[]): Promise<Map<string, KatManifest | undefined>> {
  const manifests = new Map<string, KatManifest | undefined>();
  for (const c of candidates) {
    manifests.set(
      c.id,
      c.manifestPath === null
        ? undefined
        : parseManifest(await readManifestText(c), displayPath(c.manifestPath, c.directory)),
    );
  }
  return manifests;
}

/** A candidate's manifest text; a missing file is bad input naming the field and the path. */
/** The catalog's official manifests (`<id>.kat.sha256` beside it), parsed: a candidate without one of its own is known by digest. */
const officialManifestsOf = (catalog: HashCatalog) =>
  readOfficialManifests(
    catalog.entries.map((entry) => ({
      id: entry.id,
      officialName: entry.officialName,
      packageName: entry.archive.replace(/\.zip$/i, ''),
      file: officialManifestPath(catalog, entry.id),
    })),
  );

async function readManifestText(c: CampaignCandidate): Promise<string> {
  try {
    return await readFile(c.manifestPath!, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new CampaignError(
      'CANDIDATE_INVALID',
      `${path.join(c.directory, 'candidate.json')}: field "manifest": the file ${c.manifestPath} does not exist. Put the kat.sha256 manifest there, correct the path, or remove "manifest" (use "bundledManifest" for an official one).`,
      { cause: error },
    );
  }
}

async function inPhase<T>(
  state: RunState,
  emit: CampaignEventSink,
  phase: CampaignPhase,
  total: number | null,
  work: () => Promise<T>,
): Promise<T> {
  emit({ event: 'phase', phase, status: 'start', total, detail: null });
  state.campaign.phases[phase] = { startedUtc: new Date().toISOString(), endedUtc: null };
  await state.saveCampaign();
  const result = await work();
  state.campaign.phases[phase]!.endedUtc = new Date().toISOString();
  await state.saveCampaign();
  emit({ event: 'phase', phase, status: 'done', total, detail: null });
  return result;
}

/**
 * The main job (`ngcc-perf run`) as resumable phases in one run directory (@ngcc-perf/campaign/docs/CAMPAIGNS.md):
 * `check-host`, `build` (guide profiles through CMake, harness-default fallback), `kat`,
 * `calibrate`, `measure` (one worker per CPU), `report`, and `publish` when a data folder is given.
 * Every phase skips what the directory already holds, so running the same command again after a
 * kill resumes; a different plan, system, profile, candidate list or shard is refused. With a
 * shard, only its instances are built and measured and the reports are left to `ngcc-perf merge`.
 * @throws {@link CampaignError} `RUN_DIRECTORY` (locked, different parameters, changed sources, a phase
 *   whose inputs are missing), `USAGE`; typed errors of the measuring packages for harness faults.
 * @example
 * await runCampaign({ candidates, outDirectory: 'runs/x86_1', messageSizesBytes: [32, 1024], trialTargetSeconds: 0.2 });
 */
export async function runCampaign(options: RunCampaignOptions): Promise<RunCampaignResult> {
  const startedNs = process.hrtime.bigint();
  const emit: CampaignEventSink = options.onEvent ?? (() => undefined);
  const claim = options.cpus === undefined && options.cpu === undefined ? claimMeasuringCpu() : null;
  const cpus = options.cpus ?? (options.cpu === undefined ? [claim!.cpu] : [options.cpu]);
  const claimNote = claim === null ? null : describeCpuClaim(claim);
  if (claimNote !== null) emit({ event: 'warning', message: claimNote });
  try {
    return await runClaimed(options, emit, startedNs, cpus);
  } finally {
    claim?.release();
  }
}

/** {@link runCampaign} once its measuring CPUs are chosen. */
async function runClaimed(
  options: RunCampaignOptions,
  emit: CampaignEventSink,
  startedNs: bigint,
  cpus: number[],
): Promise<RunCampaignResult> {
  const phases = new Set(options.phases ?? RUN_CAMPAIGN_DEFAULTS.phases);
  const categories = options.categories ?? BUILT_IN_REGISTRY;
  const unknown = options.candidates.find((candidate) => categories.find(candidate.category) === undefined);
  if (unknown !== undefined)
    throw new CampaignError(
      'USAGE',
      `candidate ${unknown.id}: category "${unknown.category}" is not registered (known: ${categories
        .list()
        .map((category) => category.id)
        .join(', ')}). Register its module (registryWith of @ngcc-perf/categories) or fix the candidate's category.`,
    );
  if (phases.has('publish') && !options.publish)
    throw new CampaignError('USAGE', 'the publish phase needs a data folder: pass --data DIR.');
  const baselineLeftOut = options.baseline === false;
  const withBaseline =
    !baselineLeftOut && !options.candidates.some((candidate) => candidate.id === BASELINE_CANDIDATE_ID);
  const baseline = withBaseline ? await baselineCandidate(options.candidates) : null;
  const candidates = baseline === null ? options.candidates : [...options.candidates, baseline.candidate];
  const allUnits: CampaignUnit[] = candidates.flatMap((candidate) =>
    candidate.instances.map((instance) => ({ key: instanceKey(candidate.id, instance.name), candidate, instance })),
  );
  const shard = await shardOf(options, allUnits);
  const units = shard === null ? allUnits : allUnits.filter((u) => shard.assignment[u.key] === shard.index);
  const tools = await readToolVersions();
  const state = await openRunState({
    directory: options.outDirectory,
    identity: {
      systemId: options.systemId ?? defaultSystemId(),
      plan: campaignPlan(options),
      buildProfile: options.buildProfile ?? null,
      candidates: candidates.map((c) => ({ id: c.id, instances: c.instances.map((i) => i.name) })),
      shard,
    },
    tools: { ...tools, ngccPerf: '0.1.0' },
  });
  if (baseline !== null && state.campaign.baseline === undefined) {
    state.campaign.baseline = baseline.baseline;
    await state.saveCampaign();
  }
  if (baselineLeftOut && state.campaign.baselineLeftOut === undefined) {
    state.campaign.baselineLeftOut = true;
    await state.saveCampaign();
  }
  const packages = packageEvidence(options.candidates, options.refusedInputs ?? []);
  if (packages.length > 0) {
    state.build.packages = packages;
    await state.saveBuild();
  }
  const buildRoot = await createBuildRoot();
  const context: CampaignContext = {
    state,
    units,
    plan: state.campaign.plan,
    cpus,
    buildProfile: options.buildProfile ?? null,
    driverPath: options.driverPath ?? (await driverPath()),
    tools,
    manifests: await manifestsOf(candidates),
    officialManifests: candidates.some(
      (c) => c.manifestPath === null && categories.get(c.category).kat.producedBy === 'kat-package',
    )
      ? await officialManifestsOf(options.catalog ?? readBundledCatalog())
      : [],
    buildRoot,
    coreClockHz: undefined,
    ...(options.operationTimeoutSeconds === undefined
      ? {}
      : { operationTimeoutSeconds: options.operationTimeoutSeconds }),
    emit,
    allowUnfixedHost: options.allowUnfixedHost === true,
    categories,
  };
  const result: RunCampaignResult = {
    runDirectory: state.directory,
    resumed: state.resumed,
    shard: options.shard ?? null,
    instances: units.map((u) => u.key),
    reportsMarkdown: [],
    reportsHtml: [],
    summaryHtml: null,
    verdicts: [],
    records: { complete: 0, failed: 0, reused: 0, instructionCountSeconds: 0 },
    wallSeconds: 0,
    published: null,
    built: null,
    packages,
  };
  const skip = (phase: CampaignPhase, detail: string) =>
    emit({ event: 'phase', phase, status: 'skipped', total: null, detail });
  try {
    if (phases.has('check-host'))
      context.coreClockHz = await inPhase(state, emit, 'check-host', cpus.length, () => runCheckHostPhase(context));
    if (phases.has('build')) {
      await inPhase(state, emit, 'build', units.length, () => runBuildPhase(context));
      result.built = {
        instances: units.length,
        libraries: units.filter((u) => state.buildEntry(u.candidate.id, u.instance.name)?.library != null).length,
      };
    }
    if (phases.has('kat')) await inPhase(state, emit, 'kat', units.length, () => runKatPhase(context));
    if (phases.has('ct'))
      await inPhase(state, emit, 'ct', units.length, () => runCtPhase(context, options.ctTimingMilliseconds));
    await rm(buildRoot, { recursive: true, force: true });
    if (phases.has('calibrate') || phases.has('measure')) {
      const missing = units.find((u) => state.buildEntry(u.candidate.id, u.instance.name)?.kat == null);
      if (missing !== undefined) {
        throw new CampaignError(
          'RUN_DIRECTORY',
          `${state.directory}: ${missing.key} has not been built and KAT-checked yet. Include the build and kat phases (--phases build,kat,calibrate,measure,…).`,
        );
      }
    }
    if (phases.has('calibrate') || phases.has('measure')) await checkFixedAddressLayout(context);
    let planned: PlannedOperation[] | null = null;
    if (phases.has('calibrate'))
      planned = await inPhase(state, emit, 'calibrate', timedOperations(context).length, () =>
        runCalibratePhase(context),
      );
    if (phases.has('measure') && options.remeasure === 'unstable') await supersedeUnstableRecords(context);
    if (phases.has('measure'))
      result.records = await inPhase(state, emit, 'measure', timedOperations(context).length, () =>
        runMeasurePhase(context, planned),
      );
    if (phases.has('report')) {
      if (shard !== null && shard.count > 1)
        skip(
          'report',
          `shard ${shard.index}/${shard.count}: merge the shards with "ngcc-perf merge" to render the reports`,
        );
      else {
        await closeCampaign(state, cpus[0]!);
        const reports = await inPhase(
          state,
          emit,
          'report',
          new Set(state.build.instances.map((e) => e.candidate)).size,
          () => renderReports(state.directory, categories),
        );
        result.reportsMarkdown = reports.markdown;
        result.reportsHtml = reports.html;
        result.summaryHtml = reports.summaryHtml;
        for (const file of reports.files) emit({ event: 'report', file } satisfies CampaignEvent);
      }
    }
    if (phases.has('publish') && options.publish) {
      const publish = options.publish;
      const published = await inPhase(state, emit, 'publish', 1, () =>
        publishRun({
          runDirectory: state.directory,
          dataDirectory: publish.dataDirectory,
          replace: publish.replace,
          lockRun: false,
          categories,
        }),
      );
      result.published = published;
      emit({
        event: 'published',
        directory: published.directory,
        status: published.status === 'unchanged' ? 'unchanged' : 'copied',
      });
    }
    for (const entry of state.build.instances) {
      if (entry.kat !== null)
        result.verdicts.push({
          candidate: entry.candidate,
          instance: entry.instance,
          verdict: entry.kat,
          flags: entry.flags,
          ...(entry.katIdentity == null ? {} : { katIdentity: entry.katIdentity }),
        });
    }
    result.wallSeconds = Number(process.hrtime.bigint() - startedNs) / 1e9;
    return result;
  } finally {
    await state.release();
    await rm(buildRoot, { recursive: true, force: true });
  }
}
