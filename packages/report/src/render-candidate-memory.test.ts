// §5 with the optional `memory` field of the records (@ngcc-perf/record/docs/RUN-DIRECTORY.md): a second table,
// and a growth flag for the per-call figures. Pages without it stay in the seeds' layout
// (render-candidate-markdown.test.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { markdownTableRows } from '../test/make-dataset.js';
import { memoryDataset } from '../test/memory-dataset.js';
import { seed000Dataset } from '../test/seed-datasets.js';
import { loadRunDirectory } from './load-run-directory.js';
import { renderCandidateHtml } from './render-candidate-html.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';

const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));

describe('§5 memory of one call', () => {
  it('a real run: the seed table first, then stack, heap peak, allocations and operation peak as the driver measured them', async () => {
    const page = renderCandidateMarkdown(await loadRunDirectory(REAL_RUN), 'example-sm3');
    const rows = markdownTableRows(page, 5);
    expect(rows[0]).toBe('| instance | operation | static: ELF image (bytes) | baseline RSS | peak RSS |');
    expect(rows[10]).toBe('| instance | operation | stack | heap peak | allocations | operation peak |');
    // the eight sizes measured the same figures: one row says so instead of eight identical ones
    expect(rows.slice(12)).toEqual(['| `sm3` | hash_32 … hash_65536 (8 sizes) | 720 B | 0 B | 0 | 4096 B |']);
    expect(rows).toHaveLength(10 + 3);
    expect(page).toContain(
      'The stack figure includes the driver’s own frames around the call (40 B, measured with an empty function in place of CryptHash).',
    );
    expect(page).toContain(
      'The memory of one call does not grow with message size: no figure of any instance is more than 16.0 KiB and more than 25 % higher',
    );
  });

  it('flags a heap peak that grows with the message and shows an unmeasurable operation peak as —', () => {
    const page = renderCandidateMarkdown(
      memoryDataset([
        { messageBytes: 32, stack: 712, heap: 32, operation: null },
        { messageBytes: 65536, stack: 66248, heap: 65536, operation: null },
      ]),
      'example-sm3',
    );
    expect(markdownTableRows(page, 5).slice(4)).toEqual([
      '| instance | operation | stack | heap peak | allocations | operation peak |',
      '|---|---|---|---|---|---|',
      '| `sm3` | hash_32 | 712 B | 32 B | 1 | — |',
      '| `sm3` | hash_65536 | 64.7 KiB | 64.0 KiB | 1 | — |',
    ]);
    expect(page).toContain(
      '⚠ The memory of one call grows with message size for `sm3` (stack): 712 B at 32 B → 64.7 KiB at 65536 B; for `sm3` (heap peak): 32 B at 32 B → 64.0 KiB at 65536 B.',
    );
    expect(page).toContain(
      'Where the kernel could not reset the high-water mark, the operation peak is not available (—).',
    );
  });

  it("a call that hashes on a worker thread: the worker's 64 KiB stack is the figure, and the page says whose it is", () => {
    // The figures of rss's test/fixtures/memory-worker-stack.jsonl (native/testlibs/worker_stack.c).
    const dataset = memoryDataset([{ messageBytes: 64, stack: 65584, heap: 272, operation: 139264 }]);
    Object.assign(dataset.records[0]!.record.memory!, {
      callerStackHighWaterBytes: 984,
      threadsCreated: 1,
      workerStackHighWaterBytes: 65584,
      workerStacksUnmeasured: 0,
    });
    const page = renderCandidateMarkdown(dataset, 'example-sm3');
    expect(markdownTableRows(page, 5)).toContain('| `sm3` | hash_64 | 64.0 KiB | 272 B | 1 | 136.0 KiB |');
    expect(page).toContain(
      '`sm3` starts 1 thread in its call: the stack figure is the deepest of the calling thread and those threads (a worker thread’s stack, deeper than the calling thread’s).',
    );
    Object.assign(dataset.records[0]!.record.memory!, {
      workerStackHighWaterBytes: null,
      workerStacksUnmeasured: 1,
      stackHighWaterBytes: 984,
    });
    expect(renderCandidateMarkdown(dataset, 'example-sm3')).toContain(
      '⚠ `sm3` starts 1 thread in its call: the stack figure is the deepest of the calling thread and those threads; 1 of them ran on a stack the library gave it, whose depth is not measured, so the stack figure may be too low.',
    );
  });

  it('records without memory add nothing to §5 (seed 000)', () => {
    const page = renderCandidateMarkdown(seed000Dataset().dataset, 'hash-15');
    expect(page).not.toContain('heap peak');
    expect(renderCandidateHtml(seed000Dataset().dataset, 'hash-15')).not.toContain('call-memory-chart');
  });

  it('HTML: a chart of the per-call memory with one line per instance and figure', async () => {
    const html = renderCandidateHtml(await loadRunDirectory(REAL_RUN), 'example-sm3');
    const chart = html.slice(html.indexOf('<figure class="chart" id="call-memory-chart">'));
    expect(chart.slice(0, chart.indexOf('</figure>')).match(/<polyline class="mark"/g)).toHaveLength(3);
    expect(html).toContain(
      '<title id="call-memory-chart-title">example-sm3: memory of one call by message length (system x86_1)</title>',
    );
  });
});
