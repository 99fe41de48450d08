import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { summarizeSamples } from '@ngcc-perf/stats';
import { makeDataset } from '../test/make-dataset.js';
import { loadRunDirectory } from './load-run-directory.js';
import { rankInstances } from './rank-instances.js';
import { formatRecordHeadline } from './record-headline.js';
import { renderSystemIndexMarkdown } from './render-system-index.js';
import { renderRankingHtml, renderRankingMarkdown } from './render-ranking-page.js';
import type { CtAudit } from '@ngcc-perf/record';
import type { Dataset } from './dataset.js';

const SIZES_BYTES = [32, 1024, 65536];

/** Five trials of 1000 calls around `cyclesPerCall`, spread ±`spread` (a fraction). */
function trials(cyclesPerCall: number, spread: number) {
  return [-2, -1, 0, 1, 2].map((step) => ({
    cpu: 2,
    baselineRssBytes: 1_712_128,
    peakRssBytes: 1_802_240,
    trial: { iterations: 1000, seconds: 0.01, ticks: Math.round(1000 * cyclesPerCall * (1 + (step * spread) / 2)) },
  }));
}

interface InstanceFacts {
  candidate: string;
  instance: string;
  digestBits: number;
  /** Cycles per call at 32 B; 1 KiB and 64 KiB scale with the message. */
  cycles32: number;
  spread?: number;
  variant?: 'reference' | 'performance';
  kat?: 'PASS' | 'MISMATCH';
  imageBytes?: number;
  ct?: CtAudit;
  /** Per message length, cycles per call and spread, replacing `cycles32` scaled with the message. */
  cyclesAt?: Record<number, { cycles: number; spread: number }>;
}

const AUDIT: CtAudit = {
  verdict: 'secret-dependent',
  reason: null,
  detail: null,
  auditedBuildFlags: '-O2 -g',
  valgrindVersion: 'valgrind-3.24.0',
  messageBits: [256],
  findings: [
    {
      kind: 'memory-index',
      function: 'sbox',
      file: 'toy.c',
      line: 12,
      source: 'memcheck',
      firstMessageBits: 256,
      occurrences: 3,
      origin: null,
      libraryFrames: [],
    },
    {
      kind: 'branch',
      function: 'absorb',
      file: 'toy.c',
      line: 40,
      source: 'memcheck',
      firstMessageBits: 256,
      occurrences: 1,
      origin: null,
      libraryFrames: [],
    },
  ],
  taintSeconds: 1,
  timing: null,
  timingDetail: 'not run',
  notes: [],
  limits: [],
  publicDivisions: [],
  cpu: null,
};

/** A dataset of several candidates: makeDataset's one candidate, then each instance given its own facts. */
function datasetOf(facts: InstanceFacts[]): Dataset {
  const dataset = makeDataset({
    candidate: 'placeholder',
    algorithm: 'Toy',
    instances: facts.map((item) => ({
      instance: item.instance,
      katLogSha256: 'a'.repeat(64),
      imageBytes: item.imageBytes ?? 4096,
    })),
    records: facts.flatMap((item) =>
      SIZES_BYTES.map((messageBytes) => ({
        instance: item.instance,
        messageBytes,
        imageBytes: item.imageBytes ?? 4096,
        processes:
          item.cyclesAt === undefined
            ? trials(item.cycles32 * (messageBytes / 32), item.spread ?? 0.01)
            : trials(item.cyclesAt[messageBytes]!.cycles, item.cyclesAt[messageBytes]!.spread),
      })),
    ),
  });
  const byInstance = new Map(facts.map((item) => [item.instance, item]));
  for (const entry of dataset.build.instances) {
    const item = byInstance.get(entry.instance)!;
    Object.assign(entry, {
      candidate: item.candidate,
      digestBits: item.digestBits,
      variant: item.variant ?? 'reference',
      kat: item.kat ?? 'PASS',
      ...(item.ct === undefined ? {} : { ct: item.ct }),
    });
  }
  for (const { record } of dataset.records) {
    record.candidate = byInstance.get(record.instance)!.candidate;
    // the 95 % interval of the mean as timing writes it (Student's t over the trial means)
    if (record.status !== 'complete') continue;
    const means = record.processes.map((entry) => entry.trial!.ticks / entry.trial!.iterations);
    const { ciLow, ciHigh } = summarizeSamples(means);
    Object.assign(record.derived, { ciLowCycles: ciLow, ciHighCycles: ciHigh });
  }
  return dataset;
}

const rangeAt = (rows: ReturnType<typeof rankInstances>, instance: string, label: string): string | null => {
  const rank = rows.find((row) => row.instance === instance)!.metrics.find((metric) => metric.label === label)!.rank;
  return rank === null ? null : rank.low === rank.high ? String(rank.low) : `${rank.low}–${rank.high}`;
};

describe('the ranking pages', () => {
  // three output lengths of one XOF (the same code: the same cost within noise), a clearly faster
  // and a clearly slower candidate
  const shake = (bits: number, cycles32: number): InstanceFacts => ({
    candidate: 'toy-xof',
    instance: `xof_${bits}`,
    digestBits: bits,
    cycles32,
    spread: 0.04,
  });
  const dataset = datasetOf([
    shake(512, 1000),
    shake(768, 1010),
    shake(1024, 995),
    { candidate: 'toy-fast', instance: 'fast_512', digestBits: 512, cycles32: 500 },
    { candidate: 'toy-slow', instance: 'slow_512', digestBits: 512, cycles32: 2000, ct: AUDIT },
    { candidate: 'toy-slow', instance: 'slow_512_avx2', digestBits: 512, cycles32: 1500, variant: 'performance' },
    { candidate: 'toy-broken', instance: 'broken_512', digestBits: 512, cycles32: 100, kat: 'MISMATCH' },
  ]);

  it('gives instances whose intervals overlap one rank range at every size, and orders the ones the trials separate', () => {
    const rows = rankInstances(dataset);
    // the page says how a difference is established, in this plan's terms
    expect(dataset.campaign.plan.trials).toBe(5);
    expect(renderRankingMarkdown(dataset, 'instances')).toContain(
      '(for 5 rounds: all 5 ratios more than 1 % on one side of 1, the sign test at 6.3 %; a smaller difference — two builds of the same code differ by a few tenths of a percent — is not ranked)',
    );
    for (const label of ['cycles @ 32 B', 'cycles @ 1 KiB', 'cycles @ 64 KiB']) {
      expect(['xof_512', 'xof_768', 'xof_1024'].map((instance) => rangeAt(rows, instance, label))).toEqual([
        '2–4',
        '2–4',
        '2–4',
      ]);
      expect(rangeAt(rows, 'fast_512', label)).toBe('1');
      expect(rangeAt(rows, 'slow_512_avx2', label)).toBe('5');
      expect(rangeAt(rows, 'slow_512', label)).toBe('6');
    }
    // rows best first, in natural name order within a shared range; the KAT failure is not ranked
    expect(rows.map((row) => row.instance)).toEqual([
      'fast_512',
      'xof_512',
      'xof_768',
      'xof_1024',
      'slow_512_avx2',
      'slow_512',
    ]);
    const page = renderRankingMarkdown(dataset, 'instances');
    expect(page).toContain(
      'Did not pass their KAT, so not ranked: toy-broken/broken_512 (KAT MISMATCH: wrong answers).',
    );
  });

  it('separates, by the paired rounds of one interleaved batch, what the overlapping intervals leave together', () => {
    // the host swings ±30 % from round to round; B needs 10 % more than A in every round, so the
    // headline intervals (min..max of 5 trial means) overlap, the round ratios all lie at 1.1
    const swings = [1, 1.3, 0.8, 1.15, 0.7];
    const paired = datasetOf([
      { candidate: 'toy-a', instance: 'a_512', digestBits: 512, cycles32: 1000 },
      { candidate: 'toy-b', instance: 'b_512', digestBits: 512, cycles32: 1100 },
    ]);
    for (const { record } of paired.records) {
      const cycles = (record.instance === 'a_512' ? 1000 : 1100) * (record.messageBytes / 32);
      record.processes.forEach((entry, round) => {
        entry.trial!.ticks = Math.round(1000 * cycles * swings[round]!);
      });
    }
    const label = `${rankInstances(paired)[0]!.metrics[2]!.label}`; // ticks/cycles @ 64 KiB
    expect(label).toMatch(/@ 64 KiB$/);
    // measured apart (no batch): the intervals overlap, one shared range
    expect([rangeAt(rankInstances(paired), 'a_512', label), rangeAt(rankInstances(paired), 'b_512', label)]).toEqual([
      '1–2',
      '1–2',
    ]);
    // measured in one batch: every round says B is slower
    for (const { record } of paired.records)
      record.interleaving = { operations: 2, batch: `batch-${record.messageBytes}` };
    expect([rangeAt(rankInstances(paired), 'a_512', label), rangeAt(rankInstances(paired), 'b_512', label)]).toEqual([
      '1',
      '2',
    ]);
    // two batches (one record remeasured later) are not paired
    paired.records.find(
      ({ record }) => record.instance === 'b_512' && record.messageBytes === 65536,
    )!.record.interleaving = {
      operations: 2,
      batch: 'a later batch',
    };
    expect(rangeAt(rankInstances(paired), 'b_512', label)).toBe('1–2');
    // one round that disagrees: 5 rounds establish nothing then
    const bRecord = paired.records.find(
      ({ record }) => record.instance === 'b_512' && record.messageBytes === 1024,
    )!.record;
    const oneKiB = `${rankInstances(paired)[0]!.metrics[1]!.label}`;
    expect(rangeAt(rankInstances(paired), 'b_512', oneKiB)).toBe('2');
    bRecord.processes[3]!.trial!.ticks = Math.round(1000 * 1000 * 32 * 1.15 * 0.98);
    expect(rangeAt(rankInstances(paired), 'b_512', oneKiB)).toBe('1–2');
  });

  it('ranks one representative per candidate at a target: the reference version, its other versions listed under it', () => {
    const rows = rankInstances(dataset, 256);
    expect(rows.map((row) => [row.instance, row.others])).toEqual([
      ['fast_512', []],
      ['xof_512', []],
      ['slow_512', ['slow_512_avx2']],
    ]);
    expect(rows.map((row) => (row.overall === null ? null : row.overall.low))).toEqual([1, 2, 3]);
    expect(rankInstances(dataset, 512).map((row) => row.instance)).toEqual(['xof_1024']);
    expect(rankInstances(dataset, 128)).toEqual([]);
    const page = renderRankingMarkdown(dataset, 256);
    expect(page.split('\n')[0]).toBe(
      '# Ordered measurements — 256-bit security target, digest 512 bits (system x86_1, x86-64)',
    );
    expect(page).toContain('| not ranked | ↳ `slow_512_avx2` | not audited | — |');
    expect(renderRankingMarkdown(dataset, 128)).toContain('No instance is eligible on system x86_1.');
  });

  it('puts the constant-time badge beside each candidate, linking to its findings', () => {
    const markdown = renderRankingMarkdown(dataset, 256);
    expect(markdown).toContain(
      '| [toy-slow](toy-slow/perf_x86_1.md) `slow_512` | [⚠ 2 findings](toy-slow/perf_x86_1.md#constant-time-audit) |',
    );
    expect(markdown).toContain('| not audited |');
    const html = renderRankingHtml(dataset, 256);
    expect(html).toContain('<a href="toy-slow/perf_x86_1.html#constant-time">⚠ 2 findings</a>');
    expect(html).toContain('<a href="index.html">Performance measurements</a>');
  });
});

describe('the overall range of a hash ranking', () => {
  // five candidates: at 32 B the first three cannot be told apart, and the last two; at 1 KiB the
  // first two, and the last three; at 64 KiB every one is apart (a twelvefold spread). Their images
  // run the other way. The mean-rank intervals overlap neighbour by neighbour, so a chained grouping
  // put all five in one range 1–5, wider than any metric's range.
  const at = (c32: number, c1k: number, i: number) => ({
    32: { cycles: c32, spread: 0.05 },
    1024: { cycles: c1k, spread: 0.05 },
    65536: { cycles: 100_000 * 1.85 ** i, spread: 0.01 },
  });
  const dataset = datasetOf(
    [
      [1000, 10_000],
      [1010, 10_100],
      [1020, 20_000],
      [2000, 20_200],
      [2010, 20_400],
    ].map(([c32, c1k], i) => ({
      candidate: `hash-${'abcde'[i]}`,
      instance: `h${i}_1024`,
      digestBits: 1024,
      cycles32: c32!,
      imageBytes: 5000 - 100 * i,
      cyclesAt: at(c32!, c1k!, i),
    })),
  );

  it('is no wider than its metrics’ ranges: each row’s range is what the three cycle figures force', () => {
    const rows = rankInstances(dataset, 512);
    const width = (rank: { low: number; high: number }) => rank.high - rank.low;
    const cycles = (row: (typeof rows)[number]) => row.metrics.filter((metric) => /@/.test(metric.label));
    expect(cycles(rows[0]!).map((metric) => metric.label)).toEqual([
      'cycles @ 32 B',
      'cycles @ 1 KiB',
      'cycles @ 64 KiB',
    ]);
    for (const row of rows) {
      const widest = Math.max(...cycles(row).map((metric) => width(metric.rank!)));
      expect(width(row.overall!)).toBeLessThanOrEqual(widest);
    }
    expect(rows.map((row) => `${row.overall!.low}–${row.overall!.high}`)).toEqual(['1–2', '1–3', '2–4', '3–5', '4–5']);
    // the 64 KiB figures spread twelvefold: the first and the last are apart overall
    expect(rows[4]!.metrics[2]!.figure!.estimate / rows[0]!.metrics[2]!.figure!.estimate).toBeGreaterThan(11);
  });

  it('takes the memory figures out of the mean rank, into a table of their own, and says so', () => {
    const page = renderRankingMarkdown(dataset, 512);
    const main = page.slice(page.indexOf('## Ranking'), page.indexOf('## Memory, ranked apart'));
    expect(main).not.toContain('static image');
    expect(page).toContain('| candidate and instance | static image · rank |');
    expect(page).toContain('| hash-a `h0_1024` | 5000 B · 5 |');
    expect(page).toContain(
      'A candidate’s overall figure is its mean rank over cycles @ 32 B, cycles @ 1 KiB, cycles @ 64 KiB, the published comparison’s metrics; the memory figures are ranked apart',
    );
    // with the image in the mean (its order reverses the cycles) the ranges would differ: the rule's effect is stated
    expect(page).toContain('The rule’s effect, metric by metric: Without cycles @ 32 B:');
  });
});

describe('the ranking and index pages of a real run', () => {
  const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));

  it('print every operation’s headline per call in the one text of the headline', async () => {
    const dataset = await loadRunDirectory(REAL_RUN);
    const ranking = renderRankingMarkdown(dataset, 'instances');
    const index = renderSystemIndexMarkdown(dataset);
    let checked = 0;
    for (const { record } of dataset.records) {
      if (![32, 1024, 65536].includes(record.messageBytes)) continue;
      const text = formatRecordHeadline(record, 'cycles');
      expect(ranking).toContain(`| ${text} · `);
      expect(index).toContain(`| ${text} |`);
      checked += 1;
    }
    expect(checked).toBe(6);
  });

  it('leave the campaign’s baseline out of the rankings and show it in its own table with × pseudoXOF', async () => {
    const dataset = await loadRunDirectory(REAL_RUN);
    // SHA-512's records again as the baseline's pseudoxof_512: the candidate reads 1.00× its baseline
    const copies = dataset.records
      .filter(({ record }) => record.instance === 'sha512')
      .map(({ file, record }) => ({
        file: file.replace('example-sha512/sha512__', 'iccs-baseline/pseudoxof_512__'),
        record: { ...structuredClone(record), candidate: 'iccs-baseline', instance: 'pseudoxof_512' },
      }));
    dataset.records = [...dataset.records, ...copies];
    dataset.build.instances.push({
      ...structuredClone(dataset.build.instances.find((entry) => entry.instance === 'sha512')!),
      candidate: 'iccs-baseline',
      instance: 'pseudoxof_512',
    });
    dataset.campaign.baseline = {
      candidate: 'iccs-baseline',
      instances: [{ instance: 'pseudoxof_512', helper: 'pseudoXOF', digestBits: 512 }],
    };
    expect(rankInstances(dataset).map((row) => row.instance)).not.toContain('pseudoxof_512');
    expect(rankInstances(dataset, 256).map((row) => row.instance)).toEqual(['sha512']);
    const withoutBaseline = structuredClone(dataset);
    delete withoutBaseline.campaign.baseline;
    const before = renderSystemIndexMarkdown(withoutBaseline);
    const index = renderSystemIndexMarkdown(dataset);
    // the intro counts candidates without the baseline, and names the baseline apart
    const countOf = (page: string) =>
      /(\d+) candidates?, (\d+) instances?, KAT: (\d+) pass/.exec(page)!.slice(1).map(Number);
    const [candidates, instances, passed] = countOf(before);
    expect(countOf(index)).toEqual([candidates! - 1, instances! - 1, passed! - 1]);
    expect(index).toMatch(/, KAT: \d+ pass \(and 1 ICCS baseline instance\); /);
    expect(index).toContain('× pseudoXOF @ 64 KiB');
    expect(index).toMatch(/\| \[example-sha512\]\(example-sha512\/perf_x86_1\.md\) SHA-512 \| `sha512` \|.*\| 1\.00× /);
    expect(index).toContain('## Baseline');
    expect(index.split('\n').filter((line) => line.includes('`pseudoxof_512`'))).toHaveLength(1);
  });
});

describe('the ranking pages with instruction counts', () => {
  const counted = (instructions: number) => ({
    source: 'valgrind' as const,
    tool: 'valgrind-3.19.0',
    warmups: 1,
    harnessInstructions: [19, 19, 19],
    libraryInstructions: [instructions + 19, instructions + 19, instructions + 19],
    instructions,
    instructionsPerByte: instructions / 32,
    exact: true,
    seconds: 0.7,
  });
  // "slow" takes more cycles but fewer instructions than "fast": the two rankings disagree
  const dataset = datasetOf([
    { candidate: 'fast', instance: 'fast_256', digestBits: 256, cycles32: 500 },
    { candidate: 'slow', instance: 'slow_256', digestBits: 256, cycles32: 5000 },
  ]);
  for (const { record } of dataset.records)
    record.instructionCount = counted((record.instance === 'fast_256' ? 9000 : 3000) * (record.messageBytes / 32));

  it('adds a second ranking by exact counts, labelled as counts and not time, beside the ranking by cycles', () => {
    const page = renderRankingMarkdown(dataset, 128);
    const section = page.slice(page.indexOf('## Instruction counts (not time)'));
    expect(section).toContain('it ranks instructions, not time');
    expect(section).toContain('| 1 | slow `slow_256` | 1.00 | 3000 · 1 | 96000 · 1 | 6144000 · 1 |');
    expect(section).toContain('| 2 | fast `fast_256` | 2.00 | 9000 · 2 | 288000 · 2 | 18432000 · 2 |');
    expect(page.indexOf('## Ranking')).toBeLessThan(page.indexOf('## Instruction counts (not time)'));
  });

  it('a run that did not count has no such section', () => {
    const plain = datasetOf([{ candidate: 'fast', instance: 'fast_256', digestBits: 256, cycles32: 500 }]);
    expect(renderRankingMarkdown(plain, 128)).not.toContain('Instruction counts');
  });
});
