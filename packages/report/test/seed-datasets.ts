// Datasets rebuilt from the seed tables and the anchor's trials copied into test/fixtures.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeDataset } from './make-dataset.js';
import { invertPerformanceRow, readSeedTables } from './seed-figures.js';
import type { Dataset } from '../src/dataset.js';
import type { RecordFacts } from './make-dataset.js';

export function readFixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');
}

const kib = (text: string): number => Number(text.replace(' KiB', '')) * 1024;

/** Seed 000 (hash-15 Litchi on x86_1): tables as printed, host as its §2 describes. */
export function seed000Dataset(): { dataset: Dataset; tables: Map<number, string[][]> } {
  const tables = readSeedTables(readFixture('seed-000-hash-15-x86_1-tables.tsv'));
  const resources = new Map(
    tables
      .get(5)!
      .slice(1)
      .map((row) => [`${row[0]!.replace(/`/g, '')} ${row[1]}`, row]),
  );
  const katDigests = new Map(
    tables
      .get(7)!
      .filter((row) => row[1]!.startsWith('KAT log'))
      .map((row) => [row[0]!.replace(/`/g, ''), /`([0-9a-f]{16})…`/.exec(row[1]!)![1]!.padEnd(64, '0')]),
  );
  const records: RecordFacts[] = tables
    .get(4)!
    .slice(1)
    .map((cells) => {
      const row = invertPerformanceRow(cells);
      const resource = resources.get(`${row.instance} hash_${row.messageBytes}`)!;
      const trial = {
        iterations: row.iterationsPerTrial,
        ticks: Math.round(row.meanCycles * row.iterationsPerTrial),
        seconds: row.meanSeconds * row.iterationsPerTrial,
      };
      const processes = Array.from({ length: row.trials }, () => ({
        cpu: 2,
        baselineRssBytes: kib(resource[3]!),
        peakRssBytes: kib(resource[4]!),
        trial,
      }));
      return { instance: row.instance, messageBytes: row.messageBytes, imageBytes: Number(resource[2]), processes };
    });
  const instances = tables
    .get(3)!
    .slice(1)
    .map((row) => {
      const instance = row[0]!.replace(/`/g, '');
      return {
        instance,
        katLogSha256: katDigests.get(instance)!,
        imageBytes: records.find((record) => record.instance === instance)!.imageBytes,
      };
    });
  const dataset = makeDataset({
    candidate: 'hash-15',
    algorithm: 'Litchi',
    instances,
    records,
    environment: {
      architecture: 'x86_64',
      cpuModel: '12th Gen Intel(R) Core(TM) i7-12700',
      virtualized: false,
      memoryTotalKib: 31788 * 1024 + 512,
      os: 'Debian GNU/Linux 13 (trixie)',
      kernel: '6.12.107+deb13-amd64',
      cpufreqGovernor: 'performance',
      cpufreqMinKhz: 2100000,
      cpufreqMaxKhz: 2100000,
      noTurbo: true,
      smtActive: false,
    },
    campaign: {
      tools: {
        compiler: 'gcc (Debian 14.2.0-19) 14.2.0',
        buildTool: 'cmake version 3.31.6',
        node: 'v20.20.2',
        ngccPerf: '0.1.0',
      },
    },
  });
  return { dataset, tables };
}

interface AnchorRecord extends RecordFacts {
  file: string;
  katLogSha256: string;
}

/** The anchor's arm_1 hash-15 trials (real, unrounded), as a Dataset. */
export function anchorDataset(): Dataset {
  const rows = JSON.parse(readFixture('anchor-arm_1-hash-15-trials.json')) as AnchorRecord[];
  const order = ['litchi_512', 'litchi_768', 'litchi_1024', 'litchi_xof'];
  return makeDataset({
    candidate: 'hash-15',
    algorithm: 'Litchi',
    instances: order.map((instance) => {
      const row = rows.find((entry) => entry.instance === instance)!;
      return { instance, katLogSha256: row.katLogSha256, imageBytes: row.imageBytes };
    }),
    records: rows,
    environment: { architecture: 'aarch64', cpuModel: 'Qualcomm Oryon' },
    campaign: { systemId: 'arm_1' },
  });
}

/** Seed 001 (hash-25 TaiChi) §5 rows: only the RSS matters, timing is a placeholder. */
export function seed001RssDataset(): Dataset {
  const lines = readFixture('seed-001-hash-25-x86_1-rss.txt').trim().split('\n');
  const records: RecordFacts[] = lines.map((line) => {
    const [instance, operation, image, baseline, , peak] = line.split(' ');
    const messageBytes = Number(operation!.replace('hash_', ''));
    const trial = { iterations: 100, ticks: 100 * messageBytes * 100, seconds: 0.01 };
    return {
      instance: instance!,
      messageBytes,
      imageBytes: Number(image),
      processes: [{ cpu: 2, baselineRssBytes: Number(baseline) * 1024, peakRssBytes: Number(peak) * 1024, trial }],
    };
  });
  const instances = [...new Set(records.map((record) => record.instance))].map((instance) => ({
    instance,
    katLogSha256: 'c'.repeat(64),
    imageBytes: 14089,
  }));
  return makeDataset({ candidate: 'hash-25', algorithm: 'TaiChi', instances, records });
}
