// The candidate page of a public-key category in the layout of guide §3.5 items (1)–(7), rendered
// from test/fixtures/run-kem (the toy KEM of native/testlibs through the campaign: two instances,
// keygen/enc/dec each, with the memory of one call): every section exists and each cell holds the
// figure of the record or build.json entry it comes from.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { formatTicks } from '@ngcc-perf/category';
import { operationRecordSchema, type OperationRecord } from '@ngcc-perf/record';
import { formatDigestShort, formatKib, formatOpsPerSecond, formatSeconds } from '@ngcc-perf/stats';
import { formatMemoryBytes } from './format-memory-bytes.js';
import { loadRunDirectory } from './load-run-directory.js';
import { REPORT_PATHS, renderRunReports } from './render-run-reports.js';
import type { Dataset } from './dataset.js';

const RUN = fileURLToPath(new URL('../test/fixtures/run-kem', import.meta.url));
const INSTANCES = ['ToyKEM', 'ToyKEM512'];
const OPERATIONS = ['keygen', 'enc', 'dec'];

function record(instance: string, operation: string): Extract<OperationRecord, { status: 'complete' }> {
  const parsed = operationRecordSchema.parse(
    JSON.parse(readFileSync(`${RUN}/records/kem-99/${instance}__${operation}.json`, 'utf8')),
  );
  if (parsed.status !== 'complete') throw new Error('the fixture holds complete records');
  return parsed;
}

function page(dataset: Dataset, format: 'md' | 'html' = 'md'): string {
  const path =
    format === 'md' ? REPORT_PATHS.candidateMarkdown('kem-99', 'toy_1') : REPORT_PATHS.candidateHtml('kem-99', 'toy_1');
  return renderRunReports(dataset).find((file) => file.path === path)!.content;
}

/** The text of the section whose heading starts with `heading`, up to the next `## `. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

describe('the candidate page of a KEM (guide §3.5 items (1)–(7))', () => {
  it('has the seven items in order, and a constant-time line saying the audit does not cover the category', async () => {
    const text = page(await loadRunDirectory(RUN));
    const headings = [...text.matchAll(/^## (.*)$/gm)].map((match) => match[1]);
    expect(headings).toEqual([
      '1. Basic information',
      '2. Assessment environment',
      '3. Functional testing (KAT)',
      '4. Performance',
      '5. Resource consumption',
      '6. Transmission and storage overhead',
      'Constant-time audit',
      '7. Raw evidence index',
    ]);
    expect(section(text, 'Constant-time')).toContain('Not audited: category kem has no constant-time harness yet.');
  });

  it('(1)–(3): the category and function the KEM module names, the environment, KAT with build flags', async () => {
    const dataset = await loadRunDirectory(RUN);
    const text = page(dataset);
    const basic = section(text, '1.');
    expect(basic).toContain('- Category: public-key algorithm; function: key encapsulation');
    expect(basic).toContain('- Algorithm: ToyKEM');
    expect(basic).toContain('- Parameter sets: `ToyKEM`, `ToyKEM512`');
    const environment = section(text, '2.');
    for (const item of ['processor', 'clock', 'memory', 'OS / kernel', 'compiler / build tool', 'campaign start / end'])
      expect(environment).toContain(`| ${item}`);
    expect(environment).toContain(`| compiler / build tool | ${dataset.campaign.tools.compiler}`);
    const kat = section(text, '3.');
    expect(kat).toContain('| instance | build flags | KAT |');
    for (const entry of dataset.build.instances)
      expect(kat).toContain(`| \`${entry.instance}\` | ${entry.flags} | NOKAT`);
  });

  it('(3): names the catalog candidate that judged an instance by its digests (build.json katIdentity)', async () => {
    const dataset = await loadRunDirectory(RUN);
    dataset.build.instances[0]!.katIdentity = {
      candidates: [{ id: 'kem-02', officialName: 'Amoeba', packageName: 'kem-02', files: 1 }],
      judgedBy: 'kem-02',
    };
    expect(section(page(dataset), '3.')).toMatch(
      /`ToyKEM`: digests in the official manifest of `kem-02`.*judged by kem-02/,
    );
  });

  it('(4): per operation in keygen, enc, dec order, the headline with its interval, mean, mean time, ops/s and n', async () => {
    const performance = section(page(await loadRunDirectory(RUN)), '4.');
    expect(performance).toContain('counts of the `tsc` counter');
    expect(performance).toContain(
      '| instance | operation | ticks/call | interval | mean ticks | mean time | ops/s | n (trials × iterations) |',
    );
    const rows = performance.split('\n').filter((line) => /^\| ToyKEM/.test(line));
    expect(rows.map((row) => row.split(' | ').slice(0, 2).join(' '))).toEqual(
      INSTANCES.flatMap((instance) => OPERATIONS.map((operation) => `| ${instance} ${operation}`)),
    );
    for (const instance of INSTANCES)
      for (const operation of OPERATIONS) {
        const { derived, processes } = record(instance, operation);
        const headline = derived.headline!;
        const iterations = processes[0]!.trial!.iterations;
        expect(rows).toContain(
          `| ${instance} | ${operation} | ${formatTicks(headline.medianCycles)} | ${formatTicks(headline.lowCycles!)} – ${formatTicks(headline.highCycles!)} | ` +
            `${formatTicks(derived.meanCycles)} | ${formatSeconds(derived.meanSeconds)} | ${formatOpsPerSecond(derived.opsPerSecond)} | ` +
            `${derived.n} (${processes.length} × ${iterations}) |`,
        );
      }
  });

  it('(5): per operation the ELF image, baseline and peak RSS, and the stack and heap of one call', async () => {
    const resources = section(page(await loadRunDirectory(RUN)), '5.');
    expect(resources).toContain(
      '| instance | operation | static: ELF image (bytes) | baseline RSS | peak RSS | stack (one call) | heap (one call) |',
    );
    for (const instance of INSTANCES)
      for (const operation of OPERATIONS) {
        const { imageBytes, derived, memory } = record(instance, operation);
        expect(resources).toContain(
          `| \`${instance}\` | ${operation} | ${imageBytes} | ${formatKib(derived.baselineRssBytes!)} | ${formatKib(derived.peakRssBytes!)} | ` +
            `${formatMemoryBytes(memory!.stackHighWaterBytes!)} | ${formatMemoryBytes(memory!.heapPeakBytes!)} |`,
        );
      }
  });

  it('(5): says why the memory of one call is missing, naming the operation', async () => {
    const dataset = await loadRunDirectory(RUN);
    const entry = dataset.operationRecords!.find(({ file }) => file.endsWith('ToyKEM__dec.json'))!;
    entry.record = { ...entry.record, memory: null, memoryFailure: 'CHECKFAIL — dec gave another secret' };
    const resources = section(page(dataset), '5.');
    expect(resources).toMatch(/\| `ToyKEM` \| dec \| \d+ \| \d+ KiB \| \d+ KiB \| — \| — \|/);
    expect(resources).toContain('not measured for `ToyKEM` dec: CHECKFAIL — dec gave another secret.');
  });

  it('(6) and (7): the sizes the KAT run measured, the KAT log with its digest, each timing record and its memory', async () => {
    const dataset = await loadRunDirectory(RUN);
    const text = page(dataset);
    expect(section(text, '6.')).toContain('| ToyKEM | 32 | 64 | 40 | 24 |');
    const evidence = section(text, '7.');
    for (const entry of dataset.build.instances) {
      expect(evidence).toContain(
        `| \`${entry.instance}\` | KAT log (sha256 \`${formatDigestShort(entry.katLogSha256!)}\`) | \`${entry.katLog}\` |`,
      );
      for (const operation of OPERATIONS) {
        const file = `records/kem-99/${entry.instance}__${operation}.json`;
        expect(evidence).toContain(`| \`${entry.instance}\` | timing ${operation} | \`${file}\` |`);
        expect(evidence).toContain(`| \`${entry.instance}\` | memory of one ${operation} call | \`${file}\` |`);
      }
    }
  });

  it('renders the same sections on the HTML page, each linked from its navigation', async () => {
    const html = page(await loadRunDirectory(RUN), 'html');
    for (const id of ['basic', 'environment', 'kat', 'kem-performance', 'resources', 'kem-sizes', 'evidence'])
      expect(html).toContain(`<a href="#${id}">`);
    expect(html).toContain('href="../../records/kem-99/ToyKEM__dec.json"');
  });
});
