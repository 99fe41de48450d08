import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { markdownTableRowsAfter } from '../test/make-dataset.js';
import type { Campaign } from '@ngcc-perf/record';
import type { Dataset } from './dataset.js';
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

  it('states the address-space layout the records were measured with (run --fixed-layout)', async () => {
    const dataset = await loadRunDirectory(REAL_RUN);
    const layoutRow = (page: string) =>
      markdownTableRowsAfter(page, '## Plan').find((row) => row.startsWith('| address-space layout |'));
    // The fixture's records predate the field: the kernel's randomised layout.
    expect(layoutRow(renderMethodMarkdown(dataset))).toBe('| address-space layout | randomized |');
    const records = dataset.records.map((entry) =>
      entry.record.plan === null || entry.record.plan === undefined
        ? entry
        : { ...entry, record: { ...entry.record, plan: { ...entry.record.plan, addressLayout: 'fixed' as const } } },
    );
    expect(layoutRow(renderMethodMarkdown({ ...dataset, records } as Dataset))).toBe(
      '| address-space layout | fixed (ADDR_NO_RANDOMIZE in every driver process) |',
    );
  });

  it('says which calibration figure the trials were planned from, when the records say', async () => {
    const dataset = await loadRunDirectory(REAL_RUN);
    expect(markdownTableRowsAfter(renderMethodMarkdown(dataset), '## Plan').join('\n')).not.toContain(
      'trials planned from',
    );
    const bases = ['first-call', 'warm-calls', 'first-call'] as const;
    const records = dataset.records.map((entry, index) =>
      entry.record.plan === null || entry.record.plan === undefined
        ? entry
        : { ...entry, record: { ...entry.record, plan: { ...entry.record.plan, calibrationBasis: bases[index % 3] } } },
    );
    const warm = records.filter((entry) => entry.record.plan?.calibrationBasis === 'warm-calls').length;
    const cold = records.filter((entry) => entry.record.plan?.calibrationBasis === 'first-call').length;
    const plan = markdownTableRowsAfter(renderMethodMarkdown({ ...dataset, records } as Dataset), '## Plan');
    expect(plan).toContain(
      `| trials planned from | the cold call (guide §3.4): ${cold} operations; the calls right after it (the cold call took over twice as long: one-time set-up or cold caches): ${warm} operation${warm === 1 ? '' : 's'} |`,
    );
  });

  it('names the counter actually used, with its measured rate, and every host-state field at start and end', async () => {
    const page = renderMethodMarkdown(await loadRunDirectory(REAL_RUN));
    expect(markdownTableRowsAfter(page, '## Counter')[2]).toMatch(
      /^\| `tsc` \| fixed rate \(not core cycles\) \| 2\.44\d\d GHz – 2\.44\d\d GHz \| .* \| 16 \| perf_event_open\(PERF_COUNT_HW_CPU_CYCLES\) failed: No such file or directory \|$/,
    );
    const host = markdownTableRowsAfter(page, '## Host state');
    expect(host).toContain('| virtualized | yes | yes |');
    expect(host).toContain('| loadAverage | 4.84, 2.81, 1.76 | 4.5, 2.84, 1.79 |');
    expect(host).toContain(
      '| tscFlags | constant_tsc, nonstop_tsc, tsc_known_freq | constant_tsc, nonstop_tsc, tsc_known_freq |',
    ); // a field this package does not declare
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

/** The dataset of the real run with campaign.json `sandbox` set (as `ngcc-perf run` records it). */
async function withSandbox(sandbox: NonNullable<Campaign['sandbox']>): Promise<Dataset> {
  const dataset = await loadRunDirectory(REAL_RUN);
  return { ...dataset, campaign: { ...dataset.campaign, sandbox } };
}

/** The lines of the `## Sandbox` section, without blank lines. */
function sandboxLines(page: string): string[] {
  const start = page.indexOf('## Sandbox\n');
  if (start < 0) return [];
  const end = page.indexOf('\n## ', start + 1);
  return page
    .slice(start, end)
    .split('\n')
    .filter((line) => line !== '')
    .slice(1);
}

// The limits `ngcc-perf-driver info` reports by default (native/PROTOCOL.md "Sandbox"): 4 GiB = 4096 MiB, 64 MiB scratch.
const LIMITS = {
  requested: 'auto',
  network: 'none',
  filesystem: 'read-only except scratch',
  scratchBytes: 67108864,
  noNewPrivs: true,
  seccomp: 'x86_64',
  maxMemoryBytes: 4294967296,
  cpuSeconds: 3600,
  openFiles: 256,
  coreBytes: 0,
};

describe('renderMethodMarkdown: the sandbox candidate code ran in (campaign.json `sandbox`)', () => {
  it('a campaign without the field (made before the sandbox) has no sandbox section: the page is as it was', async () => {
    const page = renderMethodMarkdown(await loadRunDirectory(REAL_RUN));
    expect(page).not.toContain('## Sandbox');
    expect(page.match(/^## .*$/gm)).toEqual([
      '## Plan',
      '## Counter',
      '## CPUs and processes',
      '## Host state',
      '## Builds and tools',
      '## Static image',
      '## Derived figures',
      '## The headline figure',
      '## Baseline', // it says why there is no × pseudoXOF
      '## Warnings of the records',
    ]);
    // the headline's interval and coverage are stated for this plan's 5 trials
    expect(page).toContain('give the lowest to the highest of the 5 trial means, 93.8 % coverage.');
    expect(page).toContain('at least 87.5 % with this plan.');
  });

  it('bwrap: names bubblewrap, what is shut off and the limits, after the host state', async () => {
    const page = renderMethodMarkdown(await withSandbox({ mode: 'bwrap', ...LIMITS, problem: null }));
    expect(sandboxLines(page)).toEqual([
      'Candidate code (every KAT, calibration, timing and memory process) ran in a bubblewrap sandbox (`bwrap`): no network, a read-only filesystem except a private 64 MiB scratch folder, ' +
        'no new privileges, a seccomp filter (x86_64) refusing new processes, programs and reach into other processes; limits: 4096 MiB of address space (KAT processes set their own), ' +
        '3600 s of CPU time, 256 open files, no core dumps. Requested: auto.',
    ]);
    expect(page.indexOf('## Host state')).toBeLessThan(page.indexOf('## Sandbox'));
    expect(page.indexOf('## Sandbox')).toBeLessThan(page.indexOf('## Builds and tools'));
  });

  it('unshare: the driver’s own namespaces, why bubblewrap was passed over, and limits switched off', async () => {
    const page = renderMethodMarkdown(
      await withSandbox({
        mode: 'unshare',
        ...LIMITS,
        maxMemoryBytes: null,
        cpuSeconds: null,
        bwrapFailure: 'bwrap: No permissions to create new namespace',
        problem: null,
      }),
    );
    expect(sandboxLines(page)).toEqual([
      'Candidate code (every KAT, calibration, timing and memory process) ran in the driver’s own namespace sandbox (`unshare`): no network, a read-only filesystem except a private 64 MiB scratch folder, ' +
        'no new privileges, a seccomp filter (x86_64) refusing new processes, programs and reach into other processes; limits: no address-space limit, no CPU-time limit, 256 open files, no core dumps. ' +
        'Requested: auto. Bubblewrap was passed over: bwrap: No permissions to create new namespace.',
    ]);
  });

  it('off: says loudly that candidate code ran WITHOUT a sandbox, and why', async () => {
    const page = renderMethodMarkdown(
      await withSandbox({
        mode: 'off',
        requested: 'off',
        network: 'host',
        filesystem: 'host',
        reason: 'NGCC_PERF_NO_SANDBOX is set',
        problem: 'sandbox-off',
      }),
    );
    expect(sandboxLines(page)).toEqual([
      '⚠ Candidate code ran WITHOUT a sandbox (NGCC_PERF_NO_SANDBOX is set): every KAT, calibration, timing and memory process ran the library with the full rights of the user who ran the campaign ' +
        '— network, files, new processes. It was asked for (`--no-sandbox` or `NGCC_PERF_NO_SANDBOX=1`, which the CLI sets for its flag); such a run is safe only for code one trusts.',
    ]);
  });

  it('unavailable: says no sandbox could be entered and that the campaign refused', async () => {
    const page = renderMethodMarkdown(
      await withSandbox({
        mode: 'unavailable',
        requested: 'bwrap',
        reason: 'NGCC_PERF_SANDBOX=bwrap, but no bwrap on PATH',
        problem: 'sandbox-unavailable',
      }),
    );
    expect(sandboxLines(page)).toEqual([
      '⚠ No sandbox could be entered for candidate code (NGCC_PERF_SANDBOX=bwrap, but no bwrap on PATH), so the campaign refused to run it.',
    ]);
  });
});
