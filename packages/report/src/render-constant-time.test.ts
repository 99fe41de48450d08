// The constant-time audit on the pages (build.json `ct`): a section after §5 with the findings
// table, a summary column and a method section. Runs without `ct` keep the seeds' layout
// (render-candidate-markdown.test.ts and render-system-summary.test.ts hold those bytes).
import { describe, expect, it } from '@jest/globals';
import { seed000Dataset } from '../test/seed-datasets.js';
import type { CtAudit } from '@ngcc-perf/record';
import type { Dataset } from './dataset.js';
import { renderCandidateMarkdown } from './render-candidate-markdown.js';
import { renderConstantTimeOverviewMarkdown } from './render-constant-time-overview.js';
import { renderMethodMarkdown } from './render-method-markdown.js';
import { renderSystemSummaryMarkdown } from './render-system-summary.js';

const AUDIT: CtAudit = {
  verdict: 'secret-dependent',
  reason: null,
  detail: null,
  auditedBuildFlags: '-O2 -fPIC -shared -g',
  valgrindVersion: 'valgrind-3.19.0',
  messageBits: [0, 8, 443],
  findings: [
    {
      kind: 'memory-index',
      function: 'sbox_layer',
      file: 'litchi.c',
      line: 42,
      source: 'memcheck',
      firstMessageBits: 8,
      occurrences: 56,
      origin: { function: 'absorb', file: 'litchi.c', line: 88 },
      libraryFrames: [
        { function: 'sbox_layer', file: 'litchi.c', line: 42 },
        { function: 'absorb', file: 'litchi.c', line: 88 },
      ],
    },
    {
      kind: 'variable-latency',
      function: 'mix',
      file: 'litchi.c',
      line: 7,
      source: 'division-probe',
      firstMessageBits: null,
      occurrences: 12,
      origin: null,
      libraryFrames: [],
    },
  ],
  taintSeconds: 1.5,
  timing: {
    messageBits: 512,
    counter: 'tsc',
    samplesCount: 1000,
    maxAbsT: 12.25,
    thresholdAbsT: 4.5,
    differenceSuspected: true,
    seconds: 2,
    direction: 'random-slower',
    differenceTicks: 310,
    differencePercent: 1.25,
    minSamplesCount: 1000,
    minSamplesReached: true,
    repeat: { samplesCount: 1000, maxAbsT: 9.5, direction: 'random-slower' },
  },
  timingDetail: null,
  notes: [],
  limits: ['findings downstream of a memory-index finding may be hidden; this list is a lower bound'],
  publicDivisions: [{ function: 'blocks', file: 'litchi.c', line: 12, operands: 'public', executions: 6 }],
  cpu: {
    auditedFeatures: ['avx2'],
    nativeFeatures: ['avx2', 'avx512f'],
    nativeSource: 'driver',
    hiddenFeatures: ['avx512f'],
    dispatchEvidence: [],
  },
};

function withAudit(audit: CtAudit): Dataset {
  const { dataset } = seed000Dataset();
  const [first, ...rest] = dataset.build.instances;
  return { ...dataset, build: { ...dataset.build, instances: [{ ...first!, ct: audit }, ...rest] } };
}

describe('constant-time audit on the pages', () => {
  it('the candidate page gets its section between §5 and §7, with the verdicts and the findings table', () => {
    const page = renderCandidateMarkdown(withAudit(AUDIT), 'hash-15');
    const section = page.slice(page.indexOf('## Constant-time audit'), page.indexOf('## 7. Raw evidence index'));
    expect(page.indexOf('## 5. Resource consumption')).toBeLessThan(page.indexOf('## Constant-time audit'));
    const instance = seed000Dataset().dataset.build.instances[0]!.instance;
    expect(section).toContain(
      `| \`${instance}\` | \`-O2 -fPIC -shared -g\` | ⚠ secret-dependent, 2 findings | Welch t up to ±12.3 over 1000 calls of 64 B, random slower by 310 ticks (1.3 %); repeat ±9.5 random slower; difference confirmed (both above 4.5, same direction) |`,
    );
    expect(section).toContain(
      `| \`${instance}\` | memory-index | \`sbox_layer\` | \`litchi.c:42\` | \`absorb (litchi.c:88)\` | from 8 bits, 56× |`,
    );
    expect(section).toContain(
      `| \`${instance}\` | variable-latency | \`mix\` | \`litchi.c:7\` | — | division probe, 12× |`,
    );
    expect(section).toContain(`| \`${instance}\` | \`blocks (litchi.c:12)\` | public operands, 6× |`);
    expect(section).toContain('this list is a lower bound');
    expect(section).toContain('valgrind hid avx512f from the library (native view: driver)');
  });

  it('the constant-time overview lists each finding with both lines, the public divisions and the limits', () => {
    const page = renderConstantTimeOverviewMarkdown(withAudit(AUDIT));
    expect(page).toContain(
      '| memory-index | `sbox_layer` | `litchi.c:42` | `absorb (litchi.c:88)` | from 8 bits, 56× |',
    );
    expect(page).toContain('| `blocks (litchi.c:12)` | public operands, 6× |');
    expect(page).toContain('this list is a lower bound');
    expect(page).not.toContain('under valgrind memcheck with the message (and nothing else) marked as secret');
  });

  it('a run recorded before origins and repeats still renders (— for the origin, the old timing sentence)', () => {
    const old = {
      ...AUDIT,
      findings: [{ ...AUDIT.findings[0]!, origin: null, libraryFrames: [] }],
      timing: { ...AUDIT.timing!, repeat: null, direction: null, differenceTicks: null, differencePercent: null },
      limits: [],
      publicDivisions: [],
      cpu: null,
    };
    const page = renderCandidateMarkdown(withAudit(old), 'hash-15');
    expect(page).toContain('| memory-index | `sbox_layer` | `litchi.c:42` | — | from 8 bits, 56× |');
    expect(page).toContain('Welch t up to ±12.3 over 1000 calls of 64 B (above 4.5)');
  });

  it('the headline block gets a constant-time column once the run has the audit (none without it)', () => {
    const page = renderCandidateMarkdown(withAudit(AUDIT), 'hash-15');
    const header = page.split('\n').find((line) => line.startsWith('| instance | KAT |'))!;
    expect(header.endsWith('| constant-time |')).toBe(true);
    const rows = page.split('\n').filter((line) => line.startsWith('| `litchi_'));
    expect(rows[0]).toMatch(/\| ⚠ secret-dependent \(2\) \|$/);
    expect(rows[1]).toMatch(/\| — \|$/);
    const plain = renderCandidateMarkdown(seed000Dataset().dataset, 'hash-15');
    expect(plain.split('\n').find((line) => line.startsWith('| instance | KAT |'))).not.toContain('constant-time');
  });

  it('the summary page ends its table with a constant-time column; audited instances show the verdict, others —', () => {
    const page = renderSystemSummaryMarkdown(
      withAudit({ ...AUDIT, verdict: 'unknown', reason: 'crash', detail: 'died of SIGSEGV', findings: [] }),
    );
    const header = page.split('\n').find((line) => line.startsWith('| candidate |'))!;
    expect(header).toBe(
      '| candidate | instance | cycles @ 32 B | cycles @ 1 KiB | cycles @ 64 KiB | cycles/byte @ 64 KiB | rank | KAT | constant-time |',
    );
    // the verdict line counts the audited instances
    expect(page).toContain('1 candidate, 4 instances · KAT: 4 pass, 0 fail · constant-time: 0 of 1');
    const rows = page.split('\n').filter((line) => line.startsWith('| [hash-15](hash-15/perf_x86_1.md) |'));
    expect(rows[0]).toContain('| unknown (crash) |');
    expect(rows[1]).toContain('| — |');
  });

  it('the method page states the method and its limits only for runs with the audit', () => {
    expect(renderMethodMarkdown(withAudit(AUDIT))).toContain('## Constant-time audit');
    expect(renderMethodMarkdown(withAudit(AUDIT))).toContain('Taint analysis (valgrind-3.19.0, memcheck)');
    expect(renderMethodMarkdown(seed000Dataset().dataset)).not.toContain('Constant-time');
    expect(renderCandidateMarkdown(seed000Dataset().dataset, 'hash-15')).not.toContain('Constant-time');
  });

  describe('an audit of public-key operations', () => {
    const TIMING = { ...AUDIT.timing!, messageBits: 0 };
    const KEX: CtAudit = {
      ...AUDIT,
      verdict: 'constant-time',
      messageBits: [],
      findings: [],
      publicDivisions: [],
      limits: [],
      cpu: null,
      operations: [
        { operation: 'derive-a', secrets: ['ska', 'sta'], description: "the initiator's key and state" },
        { operation: 'derive-b', secrets: ['skb', 'stb'], description: "the responder's key and state" },
      ],
      coverageLimits: [],
      timing: TIMING,
      operationTimings: [
        {
          operation: 'derive-a',
          classes: 'fixed: one exchange; random: another exchange',
          timing: TIMING,
          timingDetail: null,
        },
        {
          operation: 'derive-b',
          classes: 'fixed: one exchange (B); random: another exchange (B)',
          timing: { ...TIMING, maxAbsT: 2.5, differenceSuspected: false, direction: null, repeat: null },
          timingDetail: null,
        },
      ],
    };

    it('shows every operation’s timing test with its classes and its power, in a table of its own', () => {
      const lines = renderCandidateMarkdown(withAudit(KEX), 'hash-15').split('\n');
      expect(lines).toContain('| instance | operation | classes | timing test |');
      const rows = lines.filter((line) => /^\| `litchi_\w+` \| derive-[ab] \|/.test(line));
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain(
        '| derive-a | fixed: one exchange; random: another exchange | Welch t up to ±12.3 over 1000 calls; repeat ±9.5; difference confirmed (both above 4.5, random slower); power: a mean difference of about 0.46 % of the median call between the classes would have crossed the threshold |',
      );
      expect(rows[1]).toContain(
        '| derive-b | fixed: one exchange (B); random: another exchange (B) | Welch t up to ±2.5 over 1000 calls; no confirmed difference (threshold 4.5); power: a mean difference of about 2.25 % of the median call between the classes would have crossed the threshold |',
      );
      expect(lines.some((line) => line.includes('| one per operation, below |'))).toBe(true);
      expect(lines.join('\n')).toContain('The timing test of each operation (a fixed class against a random class');
    });

    it('a run recorded before per-operation timing tests keeps its one sentence and gets no table', () => {
      const older: CtAudit = { ...KEX };
      delete older.operationTimings;
      const page = renderCandidateMarkdown(withAudit(older), 'hash-15');
      expect(page).not.toContain('| instance | operation | classes | timing test |');
      expect(page).toContain(
        'Welch t up to ±12.3 over 1000 calls of derive-a, one fixed key pair against key pairs drawn at random from others, each on its own ciphertext or exchange; repeat ±9.5; difference confirmed (both above 4.5, random slower); power: a mean difference of about 0.46 % of the median call between the key classes would have crossed the threshold',
      );
      expect(page).toContain('The timing test (one fixed key pair against key pairs drawn from others');
    });
  });
});
