import { cp, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadRunDirectory } from '@ngcc-perf/report';
import { BUILD_FORMAT } from '@ngcc-perf/record';
import type { CategoryRegistry } from '@ngcc-perf/category';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import { CampaignError } from '../campaign-error.js';
import { runPaths, writeJsonAtomic } from '../run-directory.js';
import { canonicalJson, describeIdentityDifference } from './campaign-identity.js';
import type { BuildEntry, BuildFile, CampaignFile } from './campaign-types.js';
import { listEvidenceFiles } from './evidence-files.js';
import { mergeCampaigns } from './merge-campaigns.js';
import { renderReports, type RenderedReports } from './render-reports.js';
import { acquireRunLock } from './run-lock.js';

/** Options of {@link mergeRuns}. */
export interface MergeRunsOptions {
  /** Complete run directories: the shards of one campaign, or runs of other candidates on the same system and plan. */
  runDirectories: string[];
  /** The merged dataset's folder: new or empty. */
  outDirectory: string;
  /** The categories of the runs' instances (`--category`); default the built-in registry. */
  categories?: CategoryRegistry;
}

/** What {@link mergeRuns} wrote. */
export interface MergeRunsResult {
  directory: string;
  systemId: string;
  instances: number;
  records: number;
  reports: RenderedReports;
}

interface Input {
  directory: string;
  campaign: CampaignFile;
  build: BuildFile;
  files: string[];
}

async function readInput(directory: string, categories?: CategoryRegistry): Promise<Input> {
  const absolute = path.resolve(directory);
  let campaign: CampaignFile;
  try {
    campaign = JSON.parse(await readFile(path.join(absolute, runPaths.campaign), 'utf8')) as CampaignFile;
  } catch (cause) {
    throw new CampaignError(
      'RUN_DIRECTORY',
      `${absolute}: no readable campaign.json (${(cause as Error).message}). Pass run directories written by "ngcc-perf run".`,
      { cause },
    );
  }
  if (campaign.endedUtc === null || campaign.endedUtc === undefined) {
    throw new CampaignError(
      'RUN_DIRECTORY',
      `${absolute} is not finished (campaign.json has no endedUtc). Resume it with the same "ngcc-perf run" command first.`,
    );
  }
  const dataset = await loadRunDirectory(absolute, categories === undefined ? {} : { categories });
  const build = JSON.parse(await readFile(path.join(absolute, runPaths.build), 'utf8')) as BuildFile;
  const have = new Set([...dataset.records, ...(dataset.operationRecords ?? [])].map((r) => r.file));
  const registry = categories ?? BUILT_IN_REGISTRY;
  for (const entry of build.instances) {
    if (entry.library === null || entry.kat === 'LOADFAIL' || entry.kat === 'CRASH') continue;
    // every operation its category lists for it (hash: one per message size of the plan)
    const { operations } = registry.get(entry.category);
    const parameters = entry.parameters ?? (entry.digestBits == null ? {} : { digestBits: entry.digestBits });
    const listed = operations.list(
      { name: entry.instance, parameters },
      { messageSizesBytes: campaign.plan.messageSizesBytes },
    );
    for (const operation of listed) {
      const file = runPaths.operationRecord(entry.candidate, entry.instance, operations.fileStem(operation));
      if (!have.has(file)) {
        throw new CampaignError(
          'RUN_DIRECTORY',
          `${absolute} is incomplete: ${file} is missing. Resume that run with the same command, then merge.`,
        );
      }
    }
  }
  return { directory: absolute, campaign, build, files: await listEvidenceFiles(absolute) };
}

function checkCompatible(inputs: Input[]): void {
  const first = inputs[0]!;
  for (const other of inputs.slice(1)) {
    if (other.campaign.systemId !== first.campaign.systemId) {
      throw new CampaignError(
        'RUN_DIRECTORY',
        `mixed systems: ${first.directory} is ${first.campaign.systemId}, ${other.directory} is ${other.campaign.systemId}. Merge the runs of one system; each system is its own dataset.`,
      );
    }
    const sharded = first.campaign.shard !== null || other.campaign.shard !== null;
    const difference = describeIdentityDifference(
      { ...first.campaign, shard: null, candidates: sharded ? first.campaign.candidates : [] },
      { ...other.campaign, shard: null, candidates: sharded ? other.campaign.candidates : [] },
    );
    if (difference !== null) {
      throw new CampaignError(
        'RUN_DIRECTORY',
        `mixed plans: ${first.directory} and ${other.directory} differ in ${difference.replace(' in the run directory', ` in ${path.basename(first.directory)}`).replace(' now', ` in ${path.basename(other.directory)}`)}. Merge only runs made with the same plan.`,
      );
    }
  }
  const shards = inputs.map((i) => i.campaign.shard);
  if (shards.some((s) => s !== null)) {
    const count = shards[0]?.count;
    if (
      shards.some(
        (s) => s === null || s.count !== count || canonicalJson(s.assignment) !== canonicalJson(shards[0]!.assignment),
      )
    ) {
      throw new CampaignError(
        'RUN_DIRECTORY',
        'the runs are not shards of one campaign (shard counts or instance assignments differ). Merge the N shards of one sharded campaign.',
      );
    }
    const indices = shards.map((s) => s!.index).sort((a, b) => a - b);
    for (let k = 1; k <= count!; k += 1) {
      const times = indices.filter((i) => i === k).length;
      if (times !== 1) {
        throw new CampaignError(
          'RUN_DIRECTORY',
          `shard ${k}/${count} is ${times === 0 ? 'missing' : `given ${times} times`}. Pass each of the ${count} shard run directories once.`,
        );
      }
    }
  }
}

/**
 * Merges complete run directories of one system — the N shards of a sharded campaign, or runs of
 * different candidates with the same plan — into one dataset: evidence copied, build.json in the
 * campaign's instance order, campaign.json combined (`mergeCampaigns`), and the reports rendered
 * from the merged records.
 * @throws {@link CampaignError} `RUN_DIRECTORY` for mixed systems or plans, a missing or repeated
 *   shard, an unfinished run, an instance in two runs, or an output folder that is not empty.
 * @example
 * await mergeRuns({ runDirectories: ['runs/s1', 'runs/s2'], outDirectory: 'runs/x86_1' });
 */
export async function mergeRuns(options: MergeRunsOptions): Promise<MergeRunsResult> {
  if (options.runDirectories.length === 0) throw new CampaignError('USAGE', 'merge needs at least one run directory.');
  const inputs: Input[] = [];
  for (const directory of options.runDirectories) inputs.push(await readInput(directory, options.categories));
  checkCompatible(inputs);
  const out = path.resolve(options.outDirectory);
  const present = await stat(out).then(
    () => readdir(out),
    () => [] as string[],
  );
  if (present.some((name) => name !== runPaths.lock)) {
    throw new CampaignError('RUN_DIRECTORY', `${out} is not empty. Merge into a new directory.`);
  }
  await mkdir(out, { recursive: true });
  const lock = await acquireRunLock(out, 'merge');
  try {
    const owner = new Map<string, string>();
    const instances: BuildEntry[] = [];
    for (const input of inputs) {
      for (const entry of input.build.instances) {
        const key = `${entry.candidate}/${entry.instance}`;
        if (owner.has(key))
          throw new CampaignError(
            'RUN_DIRECTORY',
            `${key} is in both ${owner.get(key)} and ${input.directory}. Merge runs of different instances only.`,
          );
        owner.set(key, input.directory);
        instances.push(entry);
      }
      for (const file of input.files) {
        if (
          file === runPaths.campaign ||
          file === runPaths.build ||
          file.startsWith('reports/') ||
          file.startsWith('exports/')
        )
          continue;
        await mkdir(path.dirname(path.join(out, file)), { recursive: true });
        await cp(path.join(input.directory, file), path.join(out, file), {
          errorOnExist: true,
          force: false,
          preserveTimestamps: true,
        });
      }
    }
    const campaign = mergeCampaigns(
      inputs.map((i) => ({
        directory: i.directory,
        campaign: i.campaign,
        instances: i.build.instances.map((e) => `${e.candidate}/${e.instance}`),
      })),
    );
    const order = campaign.candidates.flatMap((c) => c.instances.map((i) => `${c.id}/${i}`));
    const rank = (e: BuildEntry) => order.indexOf(`${e.candidate}/${e.instance}`);
    await writeJsonAtomic(path.join(out, runPaths.build), {
      format: BUILD_FORMAT,
      instances: instances.sort((a, b) => rank(a) - rank(b)),
    });
    await writeJsonAtomic(path.join(out, runPaths.campaign), campaign);
    const reports = await renderReports(out, options.categories);
    const records = (await listEvidenceFiles(out)).filter((f) => f.startsWith('records/')).length;
    return { directory: out, systemId: campaign.systemId, instances: instances.length, records, reports };
  } finally {
    await lock.release();
  }
}
