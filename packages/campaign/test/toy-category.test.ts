// A category of our own through the category seam (docs/ARCHITECTURE.md "Categories"): the toy
// fixed-output function of test/fixtures/toy-category — its C sources, its C adapter and its
// TypeScript module — registered with registryWith() and taken through build (the guide's
// reference profile), KAT (judged against a manifest), a short measure and its page, by the
// category-free functions of native, kat, timing, record and report. Nothing outside the fixture
// folder names the toy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { registryWith } from '@ngcc-perf/categories';
import { canonicalDigest, parseManifest, runCategoryKat } from '@ngcc-perf/kat';
import { buildInstance, categoryAbiIncludeDirectory } from '@ngcc-perf/native';
import { operationRecordSchema, RECORD_FORMAT, recordOperation, type OperationRecord } from '@ngcc-perf/record';
import { renderCategoryPageMarkdown } from '@ngcc-perf/report';
import { measureOperation } from '@ngcc-perf/timing';
import { execa } from 'execa';
import { toyCategory } from './fixtures/toy-category/toy-category.js';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-category');
const work = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-toy-category-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The toy's KAT file by hand: input byte i = 3i mod 256, out[j] = (L + Σ in + 7j) mod 256. */
function expectedKatText(): string {
  const hex = (bytes: number[]) => Buffer.from(bytes).toString('hex').toUpperCase();
  return [0, 1, 16, 100]
    .map((length, count) => {
      const input = Array.from({ length }, (_, i) => (3 * i) & 0xff);
      const sum = input.reduce((total, byte) => (total + byte) & 0xff, length & 0xff);
      const output = Array.from({ length: 16 }, (_, j) => (sum + 7 * j) & 0xff);
      return `Count = ${count}\nIn_Len = ${length}\nIn = ${hex(input)}\nOut = ${hex(output)}\n\n`;
    })
    .join('');
}

describe('a toy category of our own', () => {
  it('goes through build, KAT, a short measure and its page without any change outside its module', async () => {
    const libraryDirectory = path.join(work, 'lib');
    const built = await buildInstance({
      instance: { name: 'toy', sourcePaths: ['toy_fof.c'] },
      profile: 'reference',
      libraryDirectory,
      sourceRoot: fixture,
    });
    const adapter = await buildInstance({
      instance: {
        name: 'toy_fof_adapter',
        sourcePaths: ['toy_fof_adapter.c'],
        includeDirPaths: [categoryAbiIncludeDirectory()],
      },
      profile: 'reference',
      libraryDirectory,
      sourceRoot: fixture,
    });

    // The registration, and the category decided by the symbols the library defines (nm).
    const registry = registryWith(toyCategory(adapter.libraryPath));
    const { stdout } = await execa('nm', ['-D', '--defined-only', built.libraryPath]);
    const symbols = stdout.split('\n').map((line) => line.trim().split(/\s+/).at(-1) ?? '');
    const [category] = registry.ofSymbols(symbols);
    expect(category?.id).toBe('toy-fof');
    if (category === undefined) return;
    const instance = { name: 'toy', parameters: {} };

    // KAT: every default kind, judged against the manifest of the category's entries.
    const manifestText = category
      .manifestEntries(instance)
      .map((entry) => `${canonicalDigest(expectedKatText(), { mode: entry.mode })} ${entry.mode} toy/${entry.file}\n`)
      .join('');
    for (const kind of category.kat.kinds.filter((candidate) => candidate.byDefault)) {
      const kat = await runCategoryKat({
        library: built.libraryPath,
        category,
        kind: kind.kind,
        instance: 'toy',
        manifest: parseManifest(manifestText, 'kat.sha256'),
        outputDirectory: path.join(work, 'kat'),
      });
      expect(kat).toMatchObject({ verdict: 'PASS', file: 'KAT_FOF_toy.txt', records: 4 });
    }

    // Measure: every operation the category lists, through the driver's op-time with its adapter;
    // each result is a record of the contract's generic form.
    const records: Extract<OperationRecord, { status: 'complete' }>[] = [];
    for (const operation of category.operations.list(instance)) {
      const measured = await measureOperation({
        library: built.libraryPath,
        messageBytes: category.operations.bytesPerCall(operation) ?? 0,
        operation: {
          category: category.id,
          name: operation.name,
          parameters: category.operations.driverParameters(operation),
          adapterPath: adapter.libraryPath,
        },
        options: { trialTargetSeconds: 0.002, trials: 2 },
        onContextSwitch: 'flag',
      });
      expect(measured.status).toBe('complete');
      const fields: Partial<typeof measured> = { ...measured };
      delete fields.pinning;
      const record = operationRecordSchema.parse({
        format: RECORD_FORMAT,
        candidate: 'toy-01',
        algorithm: 'Toy',
        instance: 'toy',
        variant: 'reference',
        flags: built.flags,
        operation,
        kat: 'PASS',
        katLog: null,
        katLogSha256: null,
        library: built.libraryPath,
        librarySha256: built.librarySha256,
        imageBytes: null,
        ...fields,
      });
      if (record.status !== 'complete') throw new Error(`${record.instance}: ${record.failure}`);
      records.push(record);
    }
    expect(records.map((record) => category.operations.fileStem(recordOperation(record)))).toEqual([
      'eval_16',
      'eval_256',
    ]);

    // Pages: the category's sections from the records, in the page frame.
    const page = renderCategoryPageMarkdown({
      title: `toy — ${category.pages.title}`,
      sections: category.pages.sections({
        instances: [instance],
        counterTerm: records[0]?.counter.kind === 'core-cycles' ? 'cycles' : 'ticks',
        operations: records.map((record) => ({
          instance: record.instance,
          operation: recordOperation(record),
          headline: record.derived.headline
            ? {
                medianTicks: record.derived.headline.medianCycles,
                lowTicks: record.derived.headline.lowCycles,
                highTicks: record.derived.headline.highCycles,
              }
            : null,
        })),
      }),
    });
    expect(page).toContain('## Performance of eval');
    expect(page).toMatch(/\| toy \| 16 \| \d+ \|\n\| toy \| 256 \| \d+ \|\n$/);
  });
});
