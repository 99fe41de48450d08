import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { makeDataset, markdownTableRows } from '../test/make-dataset.js';
import { loadRunDirectory } from './load-run-directory.js';
import { ReportError } from './report-error.js';
import { renderCandidateHtml } from './render-candidate-html.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import type { Dataset } from './dataset.js';
import type { PerCallSummary } from '@ngcc-perf/record';
import type { CounterInfo } from '@ngcc-perf/record';

const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));
const TSC: CounterInfo = { name: 'tsc', kind: 'fixed-rate', hz: 2095000000, reason: 'perf_event_open failed' };
const PMU: CounterInfo = { name: 'pmu-cycles', kind: 'core-cycles', hz: null };

// One trial of 1000 calls per record: loop mean = ticks / 1000 (2095, 6400, 20480).
const LOOP_TICKS = new Map([
  [32, 2_095_000],
  [128, 6_400_000],
  [512, 20_480_000],
]);
// Per-call figures of the sample process, by hand: IQR / median = 77 / 1900 = 4.05 %, 560 / 18000 = 3.11 %.
const SAMPLE_32: PerCallSummary = {
  source: 'sample',
  calls: 1000,
  q1Cycles: 1880,
  medianCycles: 1900,
  q3Cycles: 1957,
  rawMedianCycles: 1974,
  rawMinCycles: 1850,
  overheadCycles: 74,
};
const SAMPLE_512: PerCallSummary = {
  source: 'sample',
  calls: 1000,
  q1Cycles: 17900,
  medianCycles: 18000,
  q3Cycles: 18460,
  rawMedianCycles: 18074,
  rawMinCycles: 17800,
  overheadCycles: 74,
};

/** `sm3` has per-call figures at 32 and 512 B (not 128 B); `sm3_fast` has none. */
function perCallDataset(perCall: Partial<Record<number, PerCallSummary>>, counter: CounterInfo = TSC): Dataset {
  const instances = ['sm3', 'sm3_fast'];
  return makeDataset({
    candidate: 'example-sm3',
    algorithm: 'SM3',
    instances: instances.map((instance) => ({ instance, katLogSha256: 'd'.repeat(64), imageBytes: 12000 })),
    records: instances.flatMap((instance) =>
      [...LOOP_TICKS].map(([messageBytes, ticks]) => ({
        instance,
        messageBytes,
        imageBytes: 12000,
        processes: [
          {
            cpu: 1,
            baselineRssBytes: 1437696,
            peakRssBytes: 1503232,
            trial: { iterations: 1000, seconds: ticks / 2.095e9, ticks },
          },
        ],
        ...(instance === 'sm3' && perCall[messageBytes] !== undefined ? { perCall: perCall[messageBytes] } : {}),
      })),
    ),
    counter,
  });
}

/** The per-call table: its header line and the lines that follow it. */
function perCallRows(page: string): string[] {
  const lines = page.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| instance | message | loop mean'));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start, end < 0 ? undefined : end);
}

describe('renderCandidateMarkdown: per-call table beside the loop-scope table (§4)', () => {
  const withSample = perCallDataset({ 32: SAMPLE_32, 512: SAMPLE_512 });
  const page = renderCandidateMarkdown(withSample, 'example-sm3');

  it('rows hold the records’ per-call figures; a size without them shows —; an instance without any is left out', () => {
    expect(perCallRows(page)).toEqual([
      '| instance | message | loop mean ticks | per-call Q1 ticks | per-call median ticks | per-call Q3 ticks | IQR / median | read overhead ticks | calls |',
      '|---|---|---|---|---|---|---|---|---|',
      '| `sm3` | 32 B | 2095 | 1880 | 1900 | 1957 | 4.1 % | 74 | 1000 |',
      '| `sm3` | 128 B | 6400 | — | — | — | — | — | — |',
      '| `sm3` | 512 B | 20.5 k | 17.9 k | 18.0 k | 18.5 k | 3.1 % | 74 | 1000 |',
    ]);
  });

  it('the loop mean column is the figure of the seed-compatible table', () => {
    expect(markdownTableRows(page, 4)).toContain(
      '| `sm3` | 512 B | 20.5 k | 40.0 | 9.78 µs | 52.4 | 1000 (1 × 1000) |',
    );
  });

  it('says above the table what per-call scope is and what a median below the loop mean means', () => {
    const above = page.split('\n\n').find((part) => part.startsWith('Per-call scope:'))!;
    expect(above).toMatch(
      /^Per-call scope: after the loop-scope trials, one more process reads the counter before and after every single call, the cost of one counter read \(the read overhead\) is subtracted/,
    );
    expect(above).toContain('the quartiles over its calls (last column)');
    expect(above).toContain('The loop mean is the figure of the table above and of the seed reports');
    expect(above).toContain(
      'the mean carries the rare slow calls (an interrupt, a page fault, caches refilled after a context switch) that the median ignores',
    );
    expect(page.indexOf(above)).toBeGreaterThan(page.indexOf('| `sm3_fast` | 512 B |'));
  });

  it('names core clock cycles when the counter counts them', () => {
    const rows = perCallRows(renderCandidateMarkdown(perCallDataset({ 32: SAMPLE_32 }, PMU), 'example-sm3'));
    expect(rows[0]).toBe(
      '| instance | message | loop mean cycles | per-call Q1 cycles | per-call median cycles | per-call Q3 cycles | IQR / median | read overhead cycles | calls |',
    );
  });

  it('per-call trials (or records from before `source`) are described as such', () => {
    const old: PerCallSummary = { ...SAMPLE_32 };
    delete old.source;
    const trialsPage = renderCandidateMarkdown(
      perCallDataset({ 32: old, 512: { ...SAMPLE_512, source: 'trials' } }),
      'example-sm3',
    );
    expect(trialsPage).toContain(
      'Per-call scope: here the trials themselves read the counter before and after every single call;',
    );
    expect(trialsPage).toContain('The loop mean of such trials includes one counter read per call.');
    const mixed = renderCandidateMarkdown(
      perCallDataset({ 32: SAMPLE_32, 512: { ...SAMPLE_512, source: 'trials' } }),
      'example-sm3',
    );
    expect(mixed).toContain(
      'in the trials themselves where they ran in per-call scope, else in one more process after the loop-scope trials;',
    );
  });

  it('— for an IQR of a zero median, a missing overhead and a failed record', () => {
    const noOverhead: PerCallSummary = { ...SAMPLE_512 };
    delete noOverhead.overheadCycles;
    const dataset = perCallDataset({
      32: { ...SAMPLE_32, q1Cycles: 0, medianCycles: 0, q3Cycles: 3 },
      512: noOverhead,
    });
    const entry = dataset.records.find(({ record }) => record.instance === 'sm3' && record.messageBytes === 128)!;
    entry.record = { ...entry.record, status: 'failed', failure: 'crashed (SIGSEGV)' };
    expect(perCallRows(renderCandidateMarkdown(dataset, 'example-sm3')).slice(2)).toEqual([
      '| `sm3` | 32 B | 2095 | 0 | 0 | 3 | — | 74 | 1000 |',
      '| `sm3` | 128 B | — | — | — | — | — | — | — |',
      '| `sm3` | 512 B | 20.5 k | 17.9 k | 18.0 k | 18.5 k | 3.1 % | — | 1000 |',
    ]);
  });

  it('throws INVALID_NUMBER when Q3 is below Q1', () => {
    const broken = perCallDataset({ 32: { ...SAMPLE_32, q3Cycles: 1800 } });
    expect(() => renderCandidateMarkdown(broken, 'example-sm3')).toThrow(ReportError);
    expect(() => renderCandidateMarkdown(broken, 'example-sm3')).toThrow(
      'per-call Q3 (1800) must not be below Q1 (1880)',
    );
  });

  it('without per-call figures: no table and the same page with the paragraph and table removed', () => {
    const plain = renderCandidateMarkdown(perCallDataset({}), 'example-sm3');
    expect(plain).not.toContain('Per-call scope');
    expect(perCallRows(plain)).toEqual([]);
    const above = page.split('\n\n').find((part) => part.startsWith('Per-call scope:'))!;
    const table = perCallRows(page).join('\n');
    expect(page.replace(`${above}\n\n${table}\n\n`, '')).toBe(plain);
  });

  it('the real run (perCall null in every record) has no per-call table', async () => {
    const real = await loadRunDirectory(REAL_RUN);
    for (const candidate of ['example-sm3', 'example-sha512']) {
      expect(renderCandidateMarkdown(real, candidate)).not.toContain('Per-call scope');
    }
  });
});

describe('renderCandidateHtml: the same per-call table', () => {
  it('has the caption, column headers and the figures of the markdown table', () => {
    const html = renderCandidateHtml(perCallDataset({ 32: SAMPLE_32, 512: SAMPLE_512 }), 'example-sm3');
    expect(html).toContain('Per-call quartiles beside the loop-scope mean, by instance and message length');
    expect(html).toContain('<th scope="col">per-call median ticks</th>');
    expect(html).toContain(
      '<tr><td><code>sm3</code></td><td class="num">32 B</td><td class="num">2095</td><td class="num">1880</td><td class="num">1900</td><td class="num">1957</td><td class="num">4.1 %</td><td class="num">74</td><td class="num">1000</td></tr>',
    );
    expect(renderCandidateHtml(perCallDataset({}), 'example-sm3')).not.toContain('Per-call quartiles beside');
  });
});

describe("per-call figures below the counter's resolution: a caveat under the table (they were shown as fact)", () => {
  // A 32-byte copy on a 52-tick TSC: per-call median 26, Q1 0, Q3 52 (IQR / median 200 %) for a loop mean of 16 ticks.
  const nearZero: PerCallSummary = {
    source: 'sample',
    calls: 2001,
    q1Cycles: 0,
    medianCycles: 26,
    q3Cycles: 52,
    rawMedianCycles: 78,
    rawMinCycles: 52,
    overheadCycles: 52,
    belowResolution: true,
  };
  const coarse: CounterInfo = { ...TSC, resolutionTicks: 52 };
  const caveat =
    "⚠ Per-call figures below the counter's resolution: at sm3 32 B (resolution 52 ticks) the per-call median is within a few counter resolutions of zero, " +
    "so its quartiles and IQR / median show the steps of the counter, not the call. Read the loop mean there (the record's warnings say the same).";

  it('names the instance, size and resolution in markdown and HTML, right after the per-call table', () => {
    const dataset = perCallDataset({ 32: nearZero, 512: SAMPLE_512 }, coarse);
    const page = renderCandidateMarkdown(dataset, 'example-sm3');
    const table = perCallRows(page).join('\n');
    expect(page).toContain(`${table}\n\n${caveat}\n`);
    expect(renderCandidateHtml(dataset, 'example-sm3')).toContain(`<p>${caveat.replaceAll("'", '&#39;')}</p>`);
  });

  it('no caveat when no record is marked', () => {
    expect(
      renderCandidateMarkdown(perCallDataset({ 32: SAMPLE_32, 512: SAMPLE_512 }, coarse), 'example-sm3'),
    ).not.toContain('below the counter');
  });
});
