import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { markdownTableRowsAfter } from '../test/make-dataset.js';
import { loadRunDirectory } from './load-run-directory.js';
import { renderMethodMarkdown } from './render-method-markdown.js';

const REAL_RUN = fileURLToPath(new URL('../test/fixtures/run-real', import.meta.url));

describe('renderMethodMarkdown on a real run (test/fixtures/run-real)', () => {
  it('states the plan as asked and as calibrated', async () => {
    const page = renderMethodMarkdown(await loadRunDirectory(REAL_RUN));
    expect(page.split('\n')[0]).toBe('# Method — x86-64 (system x86_1)');
    const plan = markdownTableRowsAfter(page, '## Plan');
    expect(plan).toContain('| trial target | 0.05 s |');
    expect(plan).toContain('| trials per operation | 5 |');
    expect(plan).toContain('| iterations per trial (limits) | 20 – 20000 |');
    expect(plan).toContain('| iterations per trial (as calibrated) | 89 – 9327 |'); // sm3 at 64 KiB … sha512 at 32 B
    expect(plan).toContain('| message bytes | `byte i = (i*131 + L) mod 256` |');
  });

  it('names the counter actually used, with its measured rate, and every host-state field at start and end', async () => {
    const page = renderMethodMarkdown(await loadRunDirectory(REAL_RUN));
    expect(markdownTableRowsAfter(page, '## Counter')[2]).toMatch(/^\| `tsc` \| fixed rate \(not core cycles\) \| 2\.44\d\d GHz – 2\.44\d\d GHz \| .* \| 16 \| perf_event_open\(PERF_COUNT_HW_CPU_CYCLES\) failed: No such file or directory \|$/);
    const host = markdownTableRowsAfter(page, '## Host state');
    expect(host).toContain('| virtualized | yes | yes |');
    expect(host).toContain('| loadAverage | 4.84, 2.81, 1.76 | 4.5, 2.84, 1.79 |');
    expect(host).toContain('| tscFlags | constant_tsc, nonstop_tsc, tsc_known_freq | constant_tsc, nonstop_tsc, tsc_known_freq |'); // a field this package does not declare
    expect(page).toContain('- CPUs the trial processes ran on: 1');
  });

  it('lists each build with its full flags and library digest, and the records’ warnings', async () => {
    const page = renderMethodMarkdown(await loadRunDirectory(REAL_RUN));
    expect(page).toContain(
      '| example-sm3 | `sm3` | reference | guide | `-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -shared` | `ae8b0732dc14e527eb944def452416dd79cc07de0bbbe3f62f2b58d717f0bcea` | 5225 | PASS |',
    );
    expect(page).toMatch(/- `sm3` 32 B: CV of the trial means is \d+\.\d\d %/);
  });
});
