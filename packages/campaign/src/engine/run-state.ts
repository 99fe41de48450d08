import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildFileSchema, campaignFileSchema, CAMPAIGN_FORMAT, BUILD_FORMAT } from '@ngcc-perf/record';
import type { z } from 'zod';
import { BASELINE_CANDIDATE_ID } from '../baseline-candidate.js';
import { CampaignError } from '../campaign-error.js';
import { removeTemporaryFiles, runPaths, writeJsonAtomic } from '../run-directory.js';
import { describeIdentityDifference, type CampaignIdentity } from './campaign-identity.js';
import type { BuildEntry, BuildFile, CampaignFile, CampaignShard } from './campaign-types.js';
import { acquireRunLock } from './run-lock.js';
import { describeDamagedRunFile, holdsNoEvidence } from './run-directory-contents.js';

/**
 * The state of one run directory while a campaign works in it: campaign.json and build.json in
 * memory, saved atomically (write, fsync, rename) one write at a time, under the directory's lock.
 */
export interface RunState {
  /** Absolute run directory. */
  directory: string;
  campaign: CampaignFile;
  build: BuildFile;
  /** True when the directory held a campaign already (a resume). */
  resumed: boolean;
  /**
   * When campaign.json was started with other parameters but the directory held no evidence (a run
   * the host check refused): how they differed. That campaign.json was replaced, not resumed.
   */
  replacedUnmeasured: string | null;
  saveCampaign: () => Promise<void>;
  saveBuild: () => Promise<void>;
  /** The build.json entry of an instance, if any. */
  buildEntry: (candidate: string, instance: string) => BuildEntry | undefined;
  /** Adds or replaces an instance's entry (kept in the campaign's instance order) and saves. */
  putBuildEntry: (entry: BuildEntry) => Promise<void>;
  release: () => Promise<void>;
}

/** Options of {@link openRunState}. */
export interface OpenRunStateOptions {
  directory: string;
  identity: CampaignIdentity & { shard: CampaignShard | null };
  tools: CampaignFile['tools'];
}

async function readJsonIfPresent(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new CampaignError('RUN_DIRECTORY', await describeDamagedRunFile(file, path.dirname(file), cause as Error), {
      cause,
    });
  }
}

/**
 * Validates a run file read back on a resume against @ngcc-perf/record's schema of its format.
 * @throws {@link CampaignError} `RUN_DIRECTORY` naming the file and the first field that does not fit.
 */
function validateRunFile<T>(file: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length === 0 ? '(the whole file)' : issue.path.map(String).join('.');
  throw new CampaignError(
    'RUN_DIRECTORY',
    `${file}: field "${field}": ${issue.message}. The file was changed or not written by this version of ngcc-perf; restore it or use a new --out directory.`,
  );
}

/** The option that resumes a run started without the ICCS baseline (the default measures it), or ''. */
function baselineHint(existing: CampaignFile, identity: OpenRunStateOptions['identity']): string {
  const has = (candidates: CampaignFile['candidates']): boolean =>
    candidates.some((c) => c.id === BASELINE_CANDIDATE_ID);
  return !has(existing.candidates) && has(identity.candidates)
    ? ' (it was started without the ICCS baseline: pass --no-baseline)'
    : '';
}

/**
 * Opens a run directory for a campaign: takes its lock, removes leftovers of interrupted writes,
 * and either starts campaign.json from the identity or checks that the existing one has the same
 * system, plan parameters, build profile, candidates and shard (else the run is refused). A
 * campaign.json with other parameters in a directory that holds no evidence (no build.json
 * instance, nothing in lib/, kat/, calibration/ or records/: a run the host check refused) binds
 * nothing and is started afresh ({@link RunState.replacedUnmeasured}).
 * @throws {@link CampaignError} `RUN_DIRECTORY` when locked, not a campaign, when campaign.json or
 *   build.json is damaged (not valid JSON: the message says how to recover keeping the records), when campaign.json or
 *   build.json does not fit @ngcc-perf/record's schema (the message names the file and the field), or started
 *   with different parameters (the message names the field and both values).
 * @example
 * const state = await openRunState({ directory: 'runs/x86_1', identity, tools });
 */
export async function openRunState(options: OpenRunStateOptions): Promise<RunState> {
  const directory = path.resolve(options.directory);
  const lock = await acquireRunLock(directory, 'run');
  try {
    await removeTemporaryFiles(directory);
    const campaignPath = path.join(directory, runPaths.campaign);
    const found = await readJsonIfPresent(campaignPath);
    let existing: CampaignFile | undefined;
    if (found !== undefined) {
      const format = (found as { format?: unknown } | null)?.format;
      if (format !== CAMPAIGN_FORMAT) {
        throw new CampaignError(
          'RUN_DIRECTORY',
          `${campaignPath} is not a campaign this version can resume (format ${String(format)}, expected ${CAMPAIGN_FORMAT}). Use a new --out directory.`,
        );
      }
      validateRunFile(campaignPath, campaignFileSchema, found);
      existing = found as CampaignFile;
    }
    const buildPath = path.join(directory, runPaths.build);
    const foundBuild = await readJsonIfPresent(buildPath);
    const build: BuildFile =
      foundBuild === undefined
        ? { format: BUILD_FORMAT, instances: [] }
        : validateRunFile(buildPath, buildFileSchema, foundBuild);
    let campaign: CampaignFile;
    let replacedUnmeasured: string | null = null;
    if (existing !== undefined) {
      const difference = describeIdentityDifference(existing, options.identity);
      if (difference !== null && (await holdsNoEvidence(directory, build.instances.length))) {
        replacedUnmeasured = difference;
        existing = undefined;
      }
    }
    if (existing !== undefined) {
      const difference = describeIdentityDifference(existing, options.identity);
      if (difference !== null) {
        throw new CampaignError(
          'RUN_DIRECTORY',
          `${directory} was started with different parameters (${difference}). Resume it with the same options${baselineHint(existing, options.identity)}, or use a new --out directory.`,
        );
      }
      campaign = existing;
    } else {
      campaign = {
        format: CAMPAIGN_FORMAT,
        systemId: options.identity.systemId,
        startedUtc: new Date().toISOString(),
        endedUtc: null,
        plan: options.identity.plan,
        buildProfile: options.identity.buildProfile,
        candidates: options.identity.candidates,
        shard: options.identity.shard,
        cpus: [],
        tools: options.tools,
        environmentAtStart: null,
        environmentAtEnd: null,
        hostProblems: [],
        hostChecks: [],
        phases: {},
      };
    }
    const order = campaign.candidates.flatMap((c) => c.instances.map((i) => `${c.id}/${i}`));
    let queue: Promise<void> = Promise.resolve();
    const serialized = (write: () => Promise<void>): Promise<void> => {
      queue = queue.then(write, write);
      return queue;
    };
    const state: RunState = {
      directory,
      campaign,
      build,
      resumed: existing !== undefined,
      replacedUnmeasured,
      saveCampaign: () => serialized(() => writeJsonAtomic(path.join(directory, runPaths.campaign), state.campaign)),
      saveBuild: () => serialized(() => writeJsonAtomic(path.join(directory, runPaths.build), state.build)),
      buildEntry: (candidate, instance) =>
        state.build.instances.find((e) => e.candidate === candidate && e.instance === instance),
      putBuildEntry: async (entry) => {
        const others = state.build.instances.filter(
          (e) => !(e.candidate === entry.candidate && e.instance === entry.instance),
        );
        const rank = (e: BuildEntry) => order.indexOf(`${e.candidate}/${e.instance}`);
        state.build.instances = [...others, entry].sort((a, b) => rank(a) - rank(b));
        await state.saveBuild();
      },
      release: async () => {
        await queue.catch(() => undefined);
        await lock.release();
      },
    };
    await state.saveCampaign();
    return state;
  } catch (error) {
    await lock.release();
    throw error;
  }
}
