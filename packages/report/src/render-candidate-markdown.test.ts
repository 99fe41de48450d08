import { describe, expect, it } from '@jest/globals';
import { makeDataset, markdownTableRows, seedTableRows } from '../test/make-dataset.js';
import { anchorDataset, readFixture, seed000Dataset, seed001RssDataset } from '../test/seed-datasets.js';
import { toMarkdownRows } from '../test/seed-figures.js';
import { ReportError } from './report-error.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';

describe('renderCandidateMarkdown reproduces seed 000 (hash-15 Litchi, x86_1)', () => {
  const { dataset, tables } = seed000Dataset();
  const page = renderCandidateMarkdown(dataset, 'hash-15');

  it('has the headings of guide §3.5, in order, and no section 6', () => {
    expect(page.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# hash-15 Litchi — performance on x86-64 (system x86_1)',
      '## 1. Basic information',
      '## 2. Assessment environment',
      '## 3. Functional testing (KAT)',
      '## 4. Performance',
      '## 5. Resource consumption',
      '## 7. Raw evidence index',
    ]);
  });

  it.each([2, 3, 4, 5, 7])('section %i table matches the seed row for row', (section) => {
    expect(seedTableRows(page, section)).toEqual(toMarkdownRows(tables.get(section)!));
  });

  it('§4 and §5 have all 32 rows (4 instances × 8 sizes)', () => {
    expect(seedTableRows(page, 4)).toHaveLength(34);
    expect(markdownTableRows(page, 5)).toHaveLength(34);
  });

  it('§1 lists category, algorithm, version and parameter sets', () => {
    expect(page).toContain(
      '- Category: cryptographic hash algorithm; function: hash\n- Algorithm: Litchi\n- Implementation versions measured: reference\n' +
        '- Parameter sets: `litchi_512`, `litchi_768`, `litchi_1024`, `litchi_xof`\n',
    );
  });

  it('§3 says PASS covers KAT_2_12 and KAT_2_23 only; §5 states the upper-bound caveat and no growth flag', () => {
    expect(page).toMatch(/A PASS covers only KAT_2_12 .* and KAT_2_23 /);
    expect(page).toMatch(/upper-bound proxies/);
    expect(page).toContain('Peak RSS does not grow with message size: for no instance is it more than 25 % higher');
  });

  it('with core cycles, §4 calls them core clock cycles', () => {
    expect(page).toContain(
      'The cycle figures are core clock cycles, counted in user mode by the hardware counter `pmu-cycles`.',
    );
  });

  it('is byte-identical when rendered twice, and ends with one newline', () => {
    expect(renderCandidateMarkdown(seed000Dataset().dataset, 'hash-15')).toBe(page);
    expect(page.endsWith('.\n')).toBe(true);
  });
});

describe('renderCandidateMarkdown on the anchor arm_1 trials (real, unrounded figures)', () => {
  const page = renderCandidateMarkdown(anchorDataset(), 'hash-15');
  const expected = readFixture('anchor-arm_1-hash-15-tables.md');
  const anchorRows = (section: number): string[] => {
    const start = expected.indexOf(`## ${section}\n`);
    const next = expected.indexOf('\n## ', start);
    return expected
      .slice(start, next < 0 ? undefined : next)
      .split('\n')
      .filter((line) => line.startsWith('|'));
  };

  it.each([3, 4, 5, 7])('section %i table matches perf_arm_1.md', (section) => {
    expect(seedTableRows(page, section)).toEqual(anchorRows(section));
  });

  it('names the CPUs the trials really ran on (3 and 7), where the anchor printed "CPU 2"', () => {
    expect(page).toContain('| processor | Qualcomm Oryon (CPUs 3, 7; one core per process) |');
    expect(page.split('\n')[0]).toBe('# hash-15 Litchi — performance on AArch64 (system arm_1)');
  });
});

describe('renderCandidateMarkdown flags peak RSS that grows with message size', () => {
  it('seed 001: TaiChi-1024 4268 → 12512 KiB is flagged, TaiChi-512 and TaiChi-768 are not', () => {
    const page = renderCandidateMarkdown(seed001RssDataset(), 'hash-25');
    expect(page).toContain(
      '⚠ Peak RSS grows with message size for `TaiChi-1024`: 4268 KiB at 32 B → 12512 KiB at 65536 B (+193 %).',
    );
    expect(page).not.toMatch(/grows with message size for `TaiChi-(512|768)`/);
  });
});

describe('renderCandidateMarkdown on a host without cpufreq and a fixed-rate counter', () => {
  const dataset = makeDataset({
    candidate: 'example-sm3',
    algorithm: 'SM3',
    instances: [{ instance: 'sm3', katLogSha256: 'd'.repeat(64), imageBytes: 12000 }],
    records: [
      {
        instance: 'sm3',
        messageBytes: 32,
        imageBytes: 12000,
        processes: [
          {
            cpu: 1,
            baselineRssBytes: 1437696,
            peakRssBytes: 1503232,
            trial: { iterations: 1000, seconds: 0.001, ticks: 2095000 },
          },
        ],
      },
    ],
    environment: { virtualized: true, cpuModel: 'Intel Xeon Processor', architecture: 'x86_64' },
    counter: {
      name: 'tsc',
      kind: 'fixed-rate',
      hz: 2095000000,
      reason: 'perf_event_open failed: No such file or directory',
    },
  });
  const page = renderCandidateMarkdown(dataset, 'example-sm3');

  it('says the clock is not verified and gives the counter rate from the records', () => {
    expect(page).toContain('| clock | not fixed-verified (no cpufreq; virtual machine); counter tsc at 2.10 GHz |');
    expect(page).toContain('| processor | Intel Xeon Processor (CPU 1, one core) |');
  });

  it('says plainly that the figures are fixed-rate counter ticks, not core cycles', () => {
    expect(page).toContain(
      'The ticks in this table are counts of the `tsc` counter, which runs at a fixed rate of 2.10 GHz; they are not core clock cycles',
    );
  });

  it('states the method from the campaign plan (trial target, trials, message rule)', () => {
    expect(page).toMatch(
      /a trial of about 1 s \(no fewer than 20, no more than 20000, within 900 s per operation\)\. Then 5 trials run/,
    );
    expect(page).toContain('`byte i = (i*131 + L) mod 256`');
  });

  it('flags a non-PASS instance with ⚠ in §3 and §4', () => {
    const failing = structuredClone(dataset);
    failing.build.instances[0]!.kat = 'MISMATCH';
    failing.build.instances[0]!.katDetail = 'KAT_2_12_sm3.txt line 7 differs';
    failing.records[0]!.record.kat = 'MISMATCH';
    const text = renderCandidateMarkdown(failing, 'example-sm3');
    expect(text).toContain('| `sm3` | guide | ⚠ MISMATCH: KAT_2_12_sm3.txt line 7 differs |');
    expect(text).toContain('| `sm3` ⚠ | 32 B | 2095 | 65.5 | 1 µs | 32.0 | 1000 (1 × 1000) |');
  });

  it('says peak RSS growth cannot be judged from a single message size', () => {
    expect(page).toContain(
      'Whether peak RSS grows with message size cannot be judged here: no instance has complete records for two message sizes.',
    );
  });

  it('escapes markdown in text from the run directory', () => {
    const odd = structuredClone(dataset);
    odd.campaign.environmentAtStart.cpuModel = 'CPU | with <b>pipes</b>';
    expect(renderCandidateMarkdown(odd, 'example-sm3')).toContain(
      '| processor | CPU \\| with \\<b\\>pipes\\</b\\> (CPU 1, one core) |',
    );
  });

  it('throws UNKNOWN_CANDIDATE naming the known ids', () => {
    expect(() => renderCandidateMarkdown(dataset, 'hash-99')).toThrow(ReportError);
    expect(() => renderCandidateMarkdown(dataset, 'hash-99')).toThrow(
      'candidate "hash-99" has no instance in build.json (it lists: example-sm3)',
    );
  });
});

describe('renderCandidateMarkdown with a counter rate measured per record', () => {
  // Regression: each record measured its own TSC rate (2.44 vs 2.45 GHz) and the page repeated
  // the counter sentence once per record. It must name the counter once, at the median rate.
  const dataset = makeDataset({
    candidate: 'example-sm3',
    algorithm: 'SM3',
    instances: [{ instance: 'sm3', katLogSha256: 'd'.repeat(64), imageBytes: 12000 }],
    records: [32, 128, 512].map((messageBytes) => ({
      instance: 'sm3',
      messageBytes,
      imageBytes: 12000,
      processes: [
        {
          cpu: 1,
          baselineRssBytes: 1437696,
          peakRssBytes: 1503232,
          trial: { iterations: 1000, seconds: 0.001, ticks: 2095000 },
        },
      ],
    })),
    environment: { virtualized: true, cpuModel: 'Intel Xeon Processor', architecture: 'x86_64' },
    counter: { name: 'tsc', kind: 'fixed-rate', hz: 2440000000, reason: 'perf_event_open failed' },
  });
  const rates = [2441000000, 2452000000, 2447000000];
  dataset.records.forEach((entry, index) => {
    entry.record.counter = { ...entry.record.counter!, hz: rates[index]! };
  });
  const page = renderCandidateMarkdown(dataset, 'example-sm3');

  it('names the counter once, at the median of the records’ rates', () => {
    expect(page).toContain('| clock | not fixed-verified (no cpufreq; virtual machine); counter tsc at 2.45 GHz |');
    expect(page.match(/counts of the `tsc` counter, which runs/g)).toHaveLength(1);
    expect(page).toContain('runs at a fixed rate of 2.45 GHz');
  });
});
