// Builds validated Datasets for tests from a few per-record facts; derived figures come from
// summarizeTrials (guide §3.4), so the renderer sees what the timing pipeline would write.
import { buildManifestSchema } from '@ngcc-perf/record';
import { campaignSchema } from '@ngcc-perf/record';
import { timingRecordSchema } from '@ngcc-perf/record';
import { summarizeTrials } from '../src/summarize-trials.js';
import type { Campaign } from '@ngcc-perf/record';
import type { Dataset } from '../src/dataset.js';
import type { HostEnvironment } from '@ngcc-perf/record';
import type { PerCallSummary } from '@ngcc-perf/record';
import type { CounterInfo, ProcessEntry, Trial } from '@ngcc-perf/record';

export interface RecordFacts {
  instance: string;
  messageBytes: number;
  imageBytes: number;
  processes: { cpu: number | null; baselineRssBytes: number; peakRssBytes: number; trial: Trial }[];
  /** `derived.perCall` as given (e.g. from a per-call sample process); absent: no per-call figures. */
  perCall?: PerCallSummary;
}

export interface DatasetFacts {
  candidate: string;
  algorithm: string;
  /** Instances in build.json order, with the KAT log digest each carries. */
  instances: { instance: string; katLogSha256: string; imageBytes: number }[];
  records: RecordFacts[];
  environment?: Partial<HostEnvironment>;
  campaign?: Partial<Omit<Campaign, 'environmentAtStart' | 'environmentAtEnd'>>;
  counter?: CounterInfo;
}

export const UNKNOWN_HOST: HostEnvironment = {
  architecture: 'x86_64',
  cpuModel: null,
  logicalCpusOnline: null,
  virtualized: null,
  memoryTotalKib: null,
  os: null,
  kernel: null,
  perfEventParanoid: null,
  cpufreqGovernor: null,
  cpufreqMinKhz: null,
  cpufreqMaxKhz: null,
  noTurbo: null,
  boost: null,
  smtActive: null,
  loadAverage: null,
};

const HEX = (seed: string): string => (seed + '0'.repeat(64)).slice(0, 64);

export function makeDataset(facts: DatasetFacts): Dataset {
  const environment = { ...UNKNOWN_HOST, ...facts.environment };
  const campaign = campaignSchema.parse({
    format: 'ngcc-perf/campaign@1',
    systemId: 'x86_1',
    startedUtc: '2026-09-25T10:02:21.500Z',
    endedUtc: '2026-09-28T10:51:21.900Z',
    plan: {
      trialTargetSeconds: 1,
      budgetSeconds: 900,
      trials: 5,
      minIterations: 20,
      maxIterations: 20000,
      messageSizesBytes: [32, 128, 512, 1024, 4096, 8192, 16384, 65536],
      messageRule: 'byte i = (i*131 + L) mod 256',
    },
    cpus: [2],
    tools: { compiler: null, buildTool: null, node: 'v20.20.2', ngccPerf: '0.1.0' },
    environmentAtStart: environment,
    environmentAtEnd: environment,
    hostProblems: [],
    ...facts.campaign,
  });
  const build = buildManifestSchema.parse({
    format: 'ngcc-perf/build@1',
    instances: facts.instances.map((entry) => ({
      candidate: facts.candidate,
      algorithm: facts.algorithm,
      category: 'hash',
      instance: entry.instance,
      variant: 'reference',
      digestBits: 512,
      flags: 'guide',
      buildFlags: '-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -shared',
      library: `lib/${facts.candidate}/lib${entry.instance}.so`,
      librarySha256: HEX('ab'),
      imageBytes: entry.imageBytes,
      kat: 'PASS',
      katDetail: null,
      katLog: `kat/${facts.candidate}/${entry.instance}.log`,
      katLogSha256: entry.katLogSha256,
    })),
  });
  const katDigest = new Map(facts.instances.map((entry) => [entry.instance, entry.katLogSha256]));
  const records = facts.records.map((row) => {
    const processes: ProcessEntry[] = row.processes.map((entry) => ({
      command: [
        'ngcc-perf-driver',
        'time',
        `lib/${facts.candidate}/lib${row.instance}.so`,
        '512',
        String(row.messageBytes),
        String(entry.trial.iterations),
        '3',
      ],
      cpu: entry.cpu,
      exitCode: 0,
      wallSeconds: entry.trial.seconds,
      attempts: 1,
      baselineRssBytes: entry.baselineRssBytes,
      peakRssBytes: entry.peakRssBytes,
      trial: entry.trial,
    }));
    const summary = summarizeTrials(
      row.processes.map((entry) => entry.trial),
      row.messageBytes,
    );
    const record = timingRecordSchema.parse({
      format: 'ngcc-perf/record@1',
      status: 'complete',
      candidate: facts.candidate,
      algorithm: facts.algorithm,
      instance: row.instance,
      variant: 'reference',
      flags: 'guide',
      operation: 'hash',
      messageBytes: row.messageBytes,
      digestBits: 512,
      kat: 'PASS',
      katLog: `kat/${facts.candidate}/${row.instance}.log`,
      katLogSha256: katDigest.get(row.instance),
      library: `lib/${facts.candidate}/lib${row.instance}.so`,
      librarySha256: HEX('ab'),
      imageBytes: row.imageBytes,
      plan: {
        trialTargetSeconds: 1,
        budgetSeconds: 900,
        calibrationSeconds: 1e-6,
        iterationsPerTrial: row.processes[0]!.trial.iterations,
        warmups: 3,
        trials: row.processes.length,
        estimatedSeconds: 1,
        timeoutPerProcessSeconds: 60,
      },
      counter: facts.counter ?? { name: 'pmu-cycles', kind: 'core-cycles', hz: null },
      startedUtc: '2026-09-26T00:00:00Z',
      endedUtc: '2026-09-26T00:00:01Z',
      loadAverageStart: null,
      loadAverageEnd: null,
      processes,
      derived: {
        ...summary,
        baselineRssBytes: Math.max(...processes.map((entry) => entry.baselineRssBytes ?? 0)),
        peakRssBytes: Math.max(...processes.map((entry) => entry.peakRssBytes ?? 0)),
        ...(row.perCall === undefined ? {} : { perCall: row.perCall }),
      },
      disturbedRetries: 0,
    });
    return { file: `records/${facts.candidate}/${row.instance}__hash_${row.messageBytes}.json`, record };
  });
  records.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { campaign, build, records };
}

/** The rows of the markdown table that follows the heading `## <n>. …` in `page`. */
export function markdownTableRows(page: string, sectionNumber: number): string[] {
  const start = page.indexOf(`\n## ${sectionNumber}. `);
  if (start < 0) throw new Error(`no section ${sectionNumber}`);
  const next = page.indexOf('\n## ', start + 1);
  const body = page.slice(start, next < 0 ? undefined : next);
  return body.split('\n').filter((line) => line.startsWith('|'));
}

/**
 * The rows of the first table of section `sectionNumber`: the seeds' table. Tables ngcc-perf adds
 * after it (the reliability of each row in §4) are checked by their own tests.
 */
export function seedTableRows(page: string, sectionNumber: number): string[] {
  const rows = markdownTableRows(page, sectionNumber);
  const body = page.slice(page.indexOf(`\n## ${sectionNumber}. `));
  const lines = body.split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return rows.slice(0, (end < 0 ? lines.length : end) - first);
}

/** The rows of the first markdown table after the line `heading`. */
export function markdownTableRowsAfter(page: string, heading: string): string[] {
  const start = page.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no heading ${heading}`);
  const lines = page.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}
