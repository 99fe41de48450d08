// Imports the anchor's published arm_1 dataset (fixture copy) and re-renders its hash-15 page.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadRunDirectory, renderCandidateMarkdown } from '@ngcc-perf/report';
import { main } from '../src/main.js';
import {
  importAnchorDataset,
  restoreAnchorRecord,
  verifyImportedRun,
  type ImportAnchorDatasetResult,
} from '@ngcc-perf/anchor-import';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'anchor-arm_1');
const source = path.join(fixtures, 'arm_1');
const IMPORTED_UTC = '2026-11-30T12:00:00.000Z';

/** The `|` rows of the table under `## <n>. …`. */
function tableRows(page: string, section: number): string[] {
  const start = page.indexOf(`\n## ${section}. `);
  if (start < 0) throw new Error(`no section ${section}`);
  const next = page.indexOf('\n## ', start + 1);
  return page
    .slice(start, next < 0 ? undefined : next)
    .split('\n')
    .filter((line) => line.startsWith('|'));
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
}

describe('import of the anchor arm_1 dataset (hash-15 Litchi)', () => {
  let scratch: string;
  let out: string;
  let result: ImportAnchorDatasetResult;
  let anchorPage: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-import-'));
    out = path.join(scratch, 'run');
    result = await importAnchorDataset({
      sourceDirectory: source,
      systemId: 'arm_1',
      outDirectory: out,
      importedUtc: IMPORTED_UTC,
    });
    anchorPage = await readFile(path.join(fixtures, 'pages', 'hash-15', 'perf_arm_1.md'), 'utf8');
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('writes 4 instances, 32 records and 4 KAT logs, and leaves nothing of hash-15 out', () => {
    expect(result).toMatchObject({
      systemId: 'arm_1',
      candidates: ['hash-15'],
      instances: 4,
      records: 32,
      katLogs: 4,
      unimported: [],
    });
  });

  it('copies every KAT log byte for byte; their SHA-256s are the ones build.json records', async () => {
    const build = await readJson(path.join(source, 'build.json'));
    const entries = build.instances as Record<string, { kat_log: string; kat_log_sha256: string }>;
    for (const label of ['litchi_512', 'litchi_768', 'litchi_1024', 'litchi_xof']) {
      const copied = await readFile(path.join(out, 'kat', 'hash-15', `${label}.log`));
      expect(copied.equals(await readFile(path.join(source, 'kat', 'hash-15', `${label}.log`)))).toBe(true);
      expect(createHash('sha256').update(copied).digest('hex')).toBe(entries[`hash-15/${label}`]!.kat_log_sha256);
    }
    expect(entries['hash-15/litchi_512']!.kat_log_sha256).toBe(
      'c5bd8caeb1f991d056ae23cf261ee0651537db2f76df3be5dffa8c1e6e1164cd',
    );
  });

  it('build.json: the 4 hash-15 instances in anchor order, Litchi from the KAT log header; the other 593 entries kept verbatim', async () => {
    const build = await readJson(path.join(out, 'build.json'));
    const instances = build.instances as Array<Record<string, unknown>>;
    expect(instances.map((entry) => entry.instance)).toEqual(['litchi_512', 'litchi_768', 'litchi_1024', 'litchi_xof']);
    expect(instances.map((entry) => entry.digestBits)).toEqual([512, 768, 1024, 1024]);
    expect(instances[0]).toMatchObject({
      candidate: 'hash-15',
      algorithm: 'Litchi',
      category: 'hash',
      imageBytes: 16648,
      kat: 'PASS',
      katLog: 'kat/hash-15/litchi_512.log',
      library: null,
      librarySha256: 'dc9005fb8189308a841abc13fa0d8c22550a61dc0059a18050f7d866ab2f6903',
      origin: { tool: 'ngcc-harness', schema: 2, file: 'build.json', key: 'hash-15/litchi_512' },
      extra: { instance: 'litchi_512', library: 'hash-15/lib/liblitchi_512.so' },
    });
    const extra = build.extra as { instancesWithoutEvidence: Record<string, unknown> };
    expect(Object.keys(extra.instancesWithoutEvidence)).toHaveLength(597 - 4);
    expect(extra.instancesWithoutEvidence['kem-33/qube-128']).toMatchObject({
      instance: 'qube_128',
      kat: 'MISMATCH',
      guide_result: 'MISMATCH',
    });
  });

  it('litchi_512 at 32 B: cycles become pmu-cycles ticks at the measured core clock; RSS from META text; CPU from taskset', async () => {
    const record = await readJson(path.join(out, 'records', 'hash-15', 'litchi_512__hash_32.json'));
    const anchor = await readJson(path.join(source, 'records', 'hash-15', 'litchi_512__hash_32.json'));
    expect(record.counter).toMatchObject({ name: 'pmu-cycles', kind: 'core-cycles', hz: 2694810952 });
    const processes = record.processes as Array<Record<string, unknown>>;
    expect(processes).toHaveLength(5);
    expect(processes[0]).toMatchObject({
      cpu: 7,
      exitCode: 0,
      attempts: 1,
      baselineRssBytes: 1437696,
      peakRssBytes: 1503232,
      trial: { iterations: 20000, seconds: 0.02281427, ticks: 61340123 },
      origin: { processIndex: 0, trialIndex: 0, trialsInProcess: 1 },
    });
    const derived = record.derived as Record<string, number>;
    expect(derived.n).toBe(100000);
    expect(derived.meanCycles).toBeCloseTo(anchor.mean_cycles as number, 6);
    expect(derived.megabytesPerSecond).toBeCloseTo(anchor.throughput_MB_per_second as number, 9);
    expect(derived.peakRssBytes).toBe(anchor.peak_rss_bytes);
    expect(record.plan).toMatchObject({
      trialTargetSeconds: 0.5,
      budgetSeconds: 300,
      calibrationSeconds: null,
      iterationsPerTrial: 20000,
      warmups: 3,
      trials: 5,
    });
    expect(record.origin).toEqual({
      tool: 'ngcc-harness',
      schema: 2,
      file: 'records/hash-15/litchi_512__hash_32.json',
    });
  });

  it('keeps every source field of every record: mapped, or verbatim in extra', async () => {
    const mapped = [
      'schema',
      'status',
      'candidate',
      'label',
      'variant',
      'flags',
      'operation',
      'input_bytes',
      'kat',
      'disturbed_retries',
      'library_sha256',
      'kat_log',
      'kat_log_sha256',
      'started_utc',
      'ended_utc',
      'load_average_start',
      'load_average_end',
      'processes',
      'plan',
    ];
    for (const file of await readdir(path.join(source, 'records', 'hash-15'))) {
      const anchor = await readJson(path.join(source, 'records', 'hash-15', file));
      const record = await readJson(path.join(out, 'records', 'hash-15', file));
      const extra = record.extra as Record<string, unknown>;
      for (const [key, value] of Object.entries(anchor)) {
        if (!mapped.includes(key)) expect([file, key, extra[key]]).toEqual([file, key, value]);
      }
      const processes = record.processes as Array<{
        extra: { meta: Record<string, string>; stderr: string; status: string };
      }>;
      (anchor.processes as Array<{ meta: Record<string, string>; stderr: string; status: string }>).forEach(
        (process, index) => {
          const { baseline_rss_bytes: baseline, peak_rss_bytes: peak, ...rest } = process.meta;
          expect(processes[index]!.extra).toEqual({ status: process.status, stderr: process.stderr, meta: rest });
          expect([baseline, peak].map(Number)).toEqual([
            (record.processes as Array<{ baselineRssBytes: number }>)[index]!.baselineRssBytes,
            (record.processes as Array<{ peakRssBytes: number }>)[index]!.peakRssBytes,
          ]);
        },
      );
    }
  });

  it('gives every anchor record back exactly from the imported one (mapped fields read back + extra)', async () => {
    const files = await readdir(path.join(source, 'records', 'hash-15'));
    expect(files).toHaveLength(32);
    for (const file of files) {
      const anchor = await readJson(path.join(source, 'records', 'hash-15', file));
      const imported = await readJson(path.join(out, 'records', 'hash-15', file));
      expect([file, restoreAnchorRecord(imported)]).toEqual([file, anchor]);
    }
  });

  it("verifyImportedRun re-checks the anchor's stored statistics and the KAT log digests on the imported run", async () => {
    expect(await verifyImportedRun(out)).toEqual({ imported: true, records: 32, katLogs: 4 });
    const edited = path.join(scratch, 'edited-run');
    await cp(out, edited, { recursive: true });
    const file = path.join(edited, 'records', 'hash-15', 'litchi_xof__hash_8192.json');
    const record = await readJson(file);
    const extra = record.extra as { mean_cycles: number };
    extra.mean_cycles *= 1 + 1e-8;
    await writeFile(file, JSON.stringify(record, null, 2));
    await expect(verifyImportedRun(edited)).rejects.toThrow(`${file} field "mean_cycles": stored`);
  });

  it('campaign.json: plan from the planning constants, the CPUs that measured, origin with a relative source path', async () => {
    const campaign = await readJson(path.join(out, 'campaign.json'));
    expect(campaign).toMatchObject({
      systemId: 'arm_1',
      startedUtc: '2026-09-28T15:05:46.790099+00:00',
      endedUtc: '2026-09-29T02:47:54.591929+00:00',
      plan: {
        trialTargetSeconds: 0.5,
        budgetSeconds: 300,
        trials: 5,
        minIterations: 20,
        maxIterations: 20000,
        messageSizesBytes: [32, 128, 512, 1024, 4096, 8192, 16384, 65536],
      },
      cpus: [3, 7],
      tools: { compiler: 'gcc (Ubuntu 15.2.0-16ubuntu1) 15.2.0', buildTool: 'cmake version 4.2.3' },
      environmentAtEnd: {
        cpufreqGovernor: 'performance',
        cpufreqMinKhz: 2707200,
        cpufreqMaxKhz: 2707200,
        boost: false,
        smtActive: false,
      },
      origin: {
        tool: 'ngcc-harness',
        schema: 2,
        importedUtc: IMPORTED_UTC,
        importer: { name: 'ngcc-perf', version: '0.1.0' },
        unimported: [],
      },
    });
    const origin = campaign.origin as { source: string };
    expect(path.isAbsolute(origin.source)).toBe(false);
    expect(path.resolve(out, origin.source)).toBe(source);
    expect((campaign.extra as Record<string, unknown>).shard_cpus).toEqual({ '3/3': 2, '1/3': 3, '2/3': 7 });
  });

  it('holds no absolute path of this machine in any JSON it wrote', async () => {
    for (const file of ['campaign.json', 'build.json', 'records/hash-15/litchi_xof__hash_65536.json']) {
      expect(await readFile(path.join(out, file), 'utf8')).not.toContain(scratch);
    }
  });

  it('ngcc-perf report renders the imported run, and ngcc-perf validate passes on it', async () => {
    const err: string[] = [];
    const io = { stdout: () => undefined, stderr: (text: string) => void err.push(text) };
    expect([await main(['report', out], io), err.join('')]).toEqual([0, '']);
    const out2: string[] = [];
    const code = await main(['validate', out], {
      stdout: (text) => void out2.push(text),
      stderr: (text) => void err.push(text),
    });
    expect([code, err.join('')]).toEqual([0, '']);
    expect(out2.join('')).toMatch(/^valid: 32 records recomputed from their trials, 4 KAT logs/);
  });

  describe('rendered with @ngcc-perf/report, hash-15 equals the anchor page perf_arm_1.md', () => {
    let page: string;
    beforeAll(async () => {
      page = renderCandidateMarkdown(await loadRunDirectory(out), 'hash-15');
    });

    // No exceptions in §3, §4, §5 and §7: every row equals the anchor's, cell for cell. The §7
    // file column even has the same prefixes (kat/hash-15/…, records/hash-15/…), since both
    // formats keep evidence at those paths relative to the dataset root.
    // §4: ngcc-perf adds a reliability table (trial CV, interval) after the seed-layout table, which
    // the anchor page does not have; the seed-layout table itself is compared cell for cell.
    // §4 marks with ‡ the two cycles/byte figures whose trials vary more than the limit allows (the
    // anchor page marks nothing); without the marker every cell is the anchor's.
    it.each([3, 4, 5, 7])('§%i rows equal the anchor page, cell for cell', (section) => {
      const anchorRows = tableRows(anchorPage, section);
      const rows = section === 4 ? tableRows(page, section).slice(0, anchorRows.length) : tableRows(page, section);
      expect(rows.map((row) => row.replace(/ ‡/g, ''))).toEqual(anchorRows);
      if (section === 4)
        expect(rows.filter((row) => row.includes('‡')).map((row) => row.split(' | ').slice(0, 2).join(' | '))).toEqual([
          '| `litchi_512` | 16384 B',
          '| `litchi_1024` | 16384 B',
        ]);
      if (section === 4)
        expect(tableRows(page, section)[anchorRows.length]).toMatch(/^\| instance \| message \| trial CV \|/);
      expect(rows.length).toBeGreaterThan(section === 3 ? 5 : 33);
    });

    // The reliability table shows what the imported trials give: each row's trial CV (the recorded
    // sdTrialCycles over the mean of the trial means) and its outliers, and the sentence about
    // agreement is computed from them. It said "—" and "0 of 5" for every row, and "Every row’s
    // trials agree within the limit" although two rows do not.
    it('§4 reliability: trial CV from the imported trials, the two rows above the limit marked and counted', async () => {
      const record = (await loadRunDirectory(out)).records.find(
        ({ record: r }) => r.instance === 'litchi_1024' && r.messageBytes === 16384,
      )!.record;
      if (record.status !== 'complete') throw new Error('litchi_1024 at 16384 B is complete in the anchor');
      const trialMeans = record.processes.flatMap((p) =>
        p.trial === null ? [] : [p.trial.ticks / p.trial.iterations],
      );
      const meanOfTrials = trialMeans.reduce((sum, value) => sum + value, 0) / trialMeans.length;
      const cvPercent = ((record.derived.sdTrialCycles ?? NaN) / meanOfTrials) * 100;
      expect(cvPercent.toFixed(1)).toBe('3.7');
      const reliability = tableRows(page, 4).filter((row) => /^\| `litchi_1024` \| 16384 B \| \d/.test(row));
      expect(reliability.at(-1)).toMatch(
        /^\| `litchi_1024` \| 16384 B \| 3\.7 % ‡ \| 2 % \| [\d.]+–[\d.]+ \| [\d.]+ \([\d.]+–[\d.]+\) \| \d of 5 \|$/,
      );
      expect(page).toContain('‡ marks 2 of 32 rows for which the trial CV');
      expect(page).not.toContain('Every row’s trials agree within the limit');
      expect(page).not.toMatch(/\| — \| (2|5) % \| — \|/);
    });

    // §2 is not compared row for row; the exceptions and why:
    it('§2 exception "processor": the anchor always prints CPU 2; the trials ran on CPUs 3 and 7 (taskset -c in every record)', () => {
      expect(tableRows(anchorPage, 2)).toContain('| processor | Qualcomm Oryon (CPU 2, one core) |');
      expect(tableRows(page, 2)).toContain('| processor | Qualcomm Oryon (CPUs 3, 7; one core per process) |');
    });

    it('§2 exception "clock": the anchor describes the host of its records (pinned 2.71 GHz); ngcc-perf describes the campaign at its start, before cpufreq was loaded, and says what changed', () => {
      expect(tableRows(anchorPage, 2)).toContain(
        '| clock | fixed 2.71 GHz (governor performance, minimum = maximum), boost off, SMT none |',
      );
      expect(tableRows(page, 2)).toContain(
        '| clock | not fixed-verified (no cpufreq); counter pmu-cycles at 2.69 GHz |',
      );
      expect(page).toContain(
        'by its end these settings had changed: cpufreqGovernor, cpufreqMinKhz, cpufreqMaxKhz, boost',
      );
    });

    it('§2 exception "machine": ngcc-perf has no machine row (the anchor\'s "machine" stays in environmentAtStart.extra); the other rows are equal', () => {
      const same = [
        '| memory | 30562 MiB |',
        '| OS / kernel | Ubuntu 26.04.1 LTS / 7.0.0-34-generic |',
        '| compiler / build tool | gcc (Ubuntu 15.2.0-16ubuntu1) 15.2.0 / cmake version 4.2.3 |',
        '| campaign start / end (UTC) | 2026-09-28T15:05:46 / 2026-09-29T02:47:54 |',
      ];
      for (const row of same) {
        expect(tableRows(anchorPage, 2)).toContain(row);
        expect(tableRows(page, 2)).toContain(row);
      }
      expect(tableRows(page, 2).some((row) => row.startsWith('| machine '))).toBe(false);
    });

    it("has the anchor's title and §1", () => {
      expect(page.split('\n')[0]).toBe(anchorPage.split('\n')[0]);
      expect(page).toContain(
        '- Algorithm: Litchi\n- Implementation versions measured: reference\n- Parameter sets: `litchi_512`, `litchi_768`, `litchi_1024`, `litchi_xof`\n',
      );
    });
  });
});
