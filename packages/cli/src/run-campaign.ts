import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readLoadableSegments } from '@ngcc-perf/elf-size';
import { parseManifest, runKat, type KatResult } from '@ngcc-perf/kat';
import { loadRunDirectory, renderCandidateHtml, renderCandidateMarkdown } from '@ngcc-perf/report';
import {
  DEFAULT_TIMING_OPTIONS,
  detectHostProblems,
  measureOperation,
  readDriverInfo,
  readHostEnvironment,
} from '@ngcc-perf/timing';
import { buildInstance } from './build-instance.js';
import type { Candidate, CandidateInstance } from './candidate.js';
import { runPaths, writeFileAtomic, writeJsonAtomic } from './run-directory.js';
import { readToolVersions } from './tool-versions.js';

/** The guide's hash message sizes S1–S8 in bytes (SPEC §1). */
export const GUIDE_MESSAGE_SIZES_BYTES = [32, 128, 512, 1024, 4096, 8192, 16384, 65536] as const;

/** Options of {@link runCampaign}. */
export interface RunCampaignOptions {
  candidates: Candidate[];
  /** The run directory (created). */
  outDirectory: string;
  /** System id, `<arch>_<n>` (SPEC §1). */
  systemId: string;
  messageSizesBytes: number[];
  /** Target seconds per trial (SPEC §5; default 1.0). */
  trialTargetSeconds: number;
  budgetSeconds: number;
  trials: number;
  /** CPU every timed process is pinned to. */
  cpu: number;
  driverPath: string;
  /** Progress sentences (stderr in the CLI). */
  onProgress: (line: string) => void;
}

/** What {@link runCampaign} leaves behind, as paths relative to the run directory. */
export interface RunCampaignResult {
  reportsMarkdown: string[];
  reportsHtml: string[];
  verdicts: { candidate: string; instance: string; verdict: KatResult['verdict'] }[];
}

interface BuildEntry {
  candidate: string;
  algorithm: string;
  category: 'hash';
  instance: string;
  variant: string;
  digestBits: number;
  flags: string;
  buildFlags: string;
  library: string;
  librarySha256: string;
  imageBytes: number;
  kat: KatResult['verdict'];
  katDetail: string | null;
  katLog: string;
  katLogSha256: string;
}

const UNTIMED_VERDICTS = new Set(['LOADFAIL', 'CRASH']);

/**
 * The main job (`ngcc-perf run`): for every instance of every candidate, build it with the
 * guide's profile, size its ELF image, run its KATs, time it at every message size, then write
 * campaign.json, build.json, the records and a markdown + HTML report per candidate
 * (docs/RUN-DIRECTORY.md). Each record is written as soon as it is measured.
 * @throws `CliError` (`BUILD_FAILED`) when an instance does not compile; library misbehaviour
 *   becomes a verdict instead.
 */
export async function runCampaign(options: RunCampaignOptions): Promise<RunCampaignResult> {
  const out = path.resolve(options.outDirectory);
  const startedUtc = new Date().toISOString();
  const [tools, environmentAtStart, driverInfo] = await Promise.all([
    readToolVersions(),
    readHostEnvironment(),
    readDriverInfo({ driverPath: options.driverPath }),
  ]);
  const hostProblems = detectHostProblems(environmentAtStart, driverInfo.counter);
  for (const problem of hostProblems) options.onProgress(`host: ${problem}`);
  const plan = {
    trialTargetSeconds: options.trialTargetSeconds,
    budgetSeconds: options.budgetSeconds,
    trials: options.trials,
    minIterations: DEFAULT_TIMING_OPTIONS.minIterations,
    maxIterations: DEFAULT_TIMING_OPTIONS.maxIterations,
    messageSizesBytes: options.messageSizesBytes,
    messageRule: 'byte i = (i*131 + L) mod 256',
  };
  const campaign = {
    format: 'ngcc-perf/campaign@1',
    systemId: options.systemId,
    startedUtc,
    endedUtc: null as string | null,
    plan,
    cpus: [options.cpu],
    tools: { ...tools, ngccPerf: '0.1.0' },
    environmentAtStart,
    environmentAtEnd: null as unknown,
    hostProblems,
  };
  await writeJsonAtomic(path.join(out, runPaths.campaign), campaign);

  const build: { format: string; instances: BuildEntry[] } = { format: 'ngcc-perf/build@1', instances: [] };
  const verdicts: RunCampaignResult['verdicts'] = [];
  // CMake build trees hold absolute paths: they live outside the run directory (SPEC §8).
  const buildRoot = await mkdtemp(path.join(os.tmpdir(), 'ngcc-perf-build-'));
  try {
    for (const candidate of options.candidates) {
      const manifest =
        candidate.manifestPath === null
          ? undefined
          : parseManifest(await readFile(candidate.manifestPath, 'utf8'), path.relative(process.cwd(), candidate.manifestPath));
      for (const instance of candidate.instances) {
        const entry = await prepareInstance(candidate, instance, manifest, out, buildRoot, tools.compiler, options);
        build.instances.push(entry);
        verdicts.push({ candidate: candidate.id, instance: instance.name, verdict: entry.kat });
        await writeJsonAtomic(path.join(out, runPaths.build), build);
        if (UNTIMED_VERDICTS.has(entry.kat)) {
          options.onProgress(`${candidate.id}/${instance.name}: KAT ${entry.kat}, not timed`);
          continue;
        }
        await timeInstance(candidate, instance, entry, out, options);
      }
    }
  } finally {
    await rm(buildRoot, { recursive: true, force: true });
  }

  campaign.endedUtc = new Date().toISOString();
  campaign.environmentAtEnd = await readHostEnvironment();
  await writeJsonAtomic(path.join(out, runPaths.campaign), campaign);

  const dataset = await loadRunDirectory(out);
  const result: RunCampaignResult = { reportsMarkdown: [], reportsHtml: [], verdicts };
  for (const candidate of options.candidates) {
    const markdown = runPaths.report(candidate.id, options.systemId, 'md');
    const html = runPaths.report(candidate.id, options.systemId, 'html');
    await writeFileAtomic(path.join(out, markdown), renderCandidateMarkdown(dataset, candidate.id));
    await writeFileAtomic(path.join(out, html), renderCandidateHtml(dataset, candidate.id));
    result.reportsMarkdown.push(markdown);
    result.reportsHtml.push(html);
  }
  return result;
}

async function prepareInstance(
  candidate: Candidate,
  instance: CandidateInstance,
  manifest: ReturnType<typeof parseManifest> | undefined,
  out: string,
  buildRoot: string,
  compiler: string | null,
  options: RunCampaignOptions,
): Promise<BuildEntry> {
  const label = `${candidate.id}/${instance.name}`;
  options.onProgress(`${label}: building (${candidate.variant} profile)`);
  const libraryRelative = runPaths.library(candidate.id, instance.name);
  const built = await buildInstance({
    instance,
    profile: candidate.variant,
    buildDirectory: path.join(buildRoot, candidate.id, instance.name),
    libraryDirectory: path.dirname(path.join(out, libraryRelative)),
  });
  const { imageBytes } = await readLoadableSegments(built.libraryPath);
  options.onProgress(`${label}: KAT_2_12 + KAT_2_23`);
  const katLog = runPaths.katLog(candidate.id, instance.name);
  const kat = await runKat({
    library: built.libraryPath,
    digestBits: instance.digestBits,
    name: instance.name,
    candidateId: candidate.id,
    manifest,
    label: instance.name,
    outDir: path.join(out, runPaths.katFiles(candidate.id, instance.name)),
    driverPath: options.driverPath,
    logPathsRelativeTo: out,
    logHeader: {
      library: libraryRelative,
      algorithm: candidate.algorithm,
      variant: candidate.variant,
      sourceDir: path.relative(process.cwd(), candidate.directory) || '.',
      compiler: compiler ?? 'unknown',
      buildFlags: built.buildFlags,
    },
  });
  await writeFileAtomic(path.join(out, katLog), kat.logText);
  options.onProgress(`${label}: KAT ${kat.verdict}`);
  return {
    candidate: candidate.id,
    algorithm: candidate.algorithm,
    category: candidate.category,
    instance: instance.name,
    variant: candidate.variant,
    digestBits: instance.digestBits,
    flags: built.flags,
    buildFlags: built.buildFlags,
    library: libraryRelative,
    librarySha256: built.librarySha256,
    imageBytes,
    kat: kat.verdict,
    katDetail: kat.detail,
    katLog,
    katLogSha256: kat.logSha256,
  };
}

async function timeInstance(
  candidate: Candidate,
  instance: CandidateInstance,
  entry: BuildEntry,
  out: string,
  options: RunCampaignOptions,
): Promise<void> {
  for (const messageBytes of options.messageSizesBytes) {
    options.onProgress(`${candidate.id}/${instance.name}: timing ${messageBytes} B`);
    const measured = await measureOperation({
      library: path.join(out, entry.library),
      digestBits: instance.digestBits,
      messageBytes,
      options: {
        trialTargetSeconds: options.trialTargetSeconds,
        budgetSeconds: options.budgetSeconds,
        trials: options.trials,
      },
      cpu: options.cpu,
      driverPath: options.driverPath,
    });
    const record = {
      format: 'ngcc-perf/record@1',
      status: measured.status,
      ...(measured.status === 'failed' ? { failure: measured.failure } : {}),
      candidate: candidate.id,
      algorithm: candidate.algorithm,
      instance: instance.name,
      variant: candidate.variant,
      flags: entry.flags,
      operation: 'hash',
      messageBytes,
      digestBits: instance.digestBits,
      kat: entry.kat,
      katLog: entry.katLog,
      katLogSha256: entry.katLogSha256,
      library: entry.library,
      librarySha256: entry.librarySha256,
      imageBytes: entry.imageBytes,
      plan: measured.plan,
      counter: measured.counter,
      startedUtc: measured.startedUtc,
      endedUtc: measured.endedUtc,
      loadAverageStart: measured.loadAverageStart,
      loadAverageEnd: measured.loadAverageEnd,
      calibration: { ...measured.calibration, command: relativeCommand(measured.calibration.command, out) },
      processes: measured.processes.map((p) => ({ ...p, command: relativeCommand(p.command, out) })),
      derived: measured.derived,
      disturbedRetries: measured.disturbedRetries,
    };
    await writeJsonAtomic(path.join(out, runPaths.record(candidate.id, instance.name, messageBytes)), record);
  }
}

/** Evidence keeps no absolute home or temp paths (SPEC §8): paths become run-relative. */
function relativeCommand(command: string[], out: string): string[] {
  return command.map((arg) => {
    if (!path.isAbsolute(arg)) return arg;
    if (arg.startsWith(out + path.sep)) return path.relative(out, arg);
    if (arg.startsWith(os.homedir()) || arg.startsWith(os.tmpdir())) return path.basename(arg);
    return path.basename(arg);
  });
}
