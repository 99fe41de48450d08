// The method page's constant-time section for public-key operations (build.json `ct.operations`):
// per category which operation and buffers were secret, as the audits recorded the categories'
// declarations, the public copies the category declares, the DRNG only when marked, divisions by
// their operands, the timing test with its power over the run, and the declared limits; a run with
// operation audits only does not describe the CryptHash audit.
import { describe, expect, it } from '@jest/globals';
import { createCategoryRegistry } from '@ngcc-perf/category';
import { BUILT_IN_CATEGORIES, BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import type { CtAudit } from '@ngcc-perf/record';
import { seed000Dataset } from '../test/seed-datasets.js';
import type { Dataset } from './dataset.js';
import { renderMethodHtml, renderMethodMarkdown } from './render-method-markdown.js';

const TIMING: NonNullable<CtAudit['timing']> = {
  messageBits: 0,
  counter: 'tsc',
  samplesCount: 20000,
  maxAbsT: 2,
  thresholdAbsT: 4.5,
  differenceSuspected: false,
  seconds: 2,
  direction: null,
  differenceTicks: 12,
  differencePercent: 0.4,
  minSamplesCount: 20000,
  minSamplesReached: true,
  repeat: { samplesCount: 20000, maxAbsT: 1.5, direction: null },
};

function audit(operation: string, secrets: string[], description: string, limits: string[], percent: number): CtAudit {
  return {
    verdict: 'constant-time',
    reason: null,
    detail: null,
    auditedBuildFlags: '-O2 -g',
    valgrindVersion: 'valgrind-3.19.0',
    messageBits: [],
    operations: [{ operation, secrets, description }],
    coverageLimits: limits,
    findings: [],
    taintSeconds: 1,
    timing: { ...TIMING, differencePercent: percent },
    timingDetail: null,
    notes: [],
    limits: [],
    publicDivisions: [],
    cpu: null,
  };
}

const KEX_LIMIT = 'the state buffers are restored before each derivation';

/** The seed run with its first instances audited as a KEM's dec, a signature's sign and a key exchange's derive-a. */
function withOperationAudits(): Dataset {
  const { dataset } = seed000Dataset();
  const [kem, sig, kex, ...rest] = dataset.build.instances;
  const audits: [string, CtAudit][] = [
    ['kem', audit('dec', ['sk'], 'the secret key; the ciphertext is public', [], 0.4)],
    ['sig', audit('sign', ['sk', 'drng'], 'the secret key and the DRNG output', [], 0.8)],
    ['kex', audit('derive-a', ['ska', 'sta'], "the initiator's keys and state", [KEX_LIMIT], 0.4)],
  ];
  const instances = [kem!, sig!, kex!].map((entry, index) => ({
    ...entry,
    category: audits[index]![0],
    ct: audits[index]![1],
  }));
  return { ...dataset, build: { ...dataset.build, instances: [...instances, ...rest] } };
}

/** The public buffers the built-in category declares inside the operation's secret ones, as the table shows them. */
function declaredPublic(category: string, operation: string): string {
  const declared = BUILT_IN_REGISTRY.get(category).constantTime?.operations ?? [];
  const inside = declared.find((entry) => entry.operation.name === operation)?.publicInside ?? [];
  return inside.length === 0 ? '—' : `\`${inside.join(', ')}\``;
}

function section(page: string): string {
  const start = page.indexOf('## Constant-time audit');
  return page.slice(start, page.indexOf('\n## ', start + 1));
}

describe('the method page on the constant-time audit of public-key operations', () => {
  it('gives per category the operation, the buffers marked secret as recorded and the public copies declared', () => {
    const text = section(renderMethodMarkdown(withOperationAudits()));
    expect(declaredPublic('kem', 'dec')).toBe('`pk`');
    expect(text).toContain('| `kem` | `dec` | `sk` | `pk` | the secret key; the ciphertext is public |');
    expect(text).toContain(
      `| \`sig\` | \`sign\` | \`sk, drng\` | ${declaredPublic('sig', 'sign')} | the secret key and the DRNG output |`,
    );
    // the recorded declaration, not prose: a state buffer marked secret shows as it was marked
    expect(text).toContain(
      `| \`kex\` | \`derive-a\` | \`ska, sta\` | ${declaredPublic('kex', 'derive-a')} | the initiator's keys and state |`,
    );
    expect(text).toContain('drng is the DRNG’s state');
    expect(text).toContain('the second’s and the third’s secret buffers copied in');
    expect(text).toContain('threshold \\|t\\| above 4.5'); // Markdown escapes the bars
    // power = 4.5 × |difference| / |t|: 4.5 × 0.4 / 2 = 0.90 %, 4.5 × 0.8 / 2 = 1.80 %
    expect(text).toContain('that smallest detectable difference was from 0.90 % to 1.80 % of the median call');
    expect(text).toContain(`Declared limits of the categories audited: \`kex\`: ${KEX_LIMIT}.`);
    // no CryptHash audit in the run: its method is not described
    expect(text).not.toContain('CryptHash call');
  });

  it('takes the public copies from the category registry it is given', () => {
    const categories = createCategoryRegistry(
      BUILT_IN_CATEGORIES.map((category) =>
        category.id === 'kem' ? { ...category, constantTime: { operations: [], limits: [] } } : category,
      ),
    );
    const text = section(renderMethodMarkdown(withOperationAudits(), { categories }));
    expect(text).toContain('| `kem` | `dec` | `sk` | — |');
  });

  it('leaves the DRNG out when no operation marks it, and says when no power could be estimated', () => {
    const dataset = withOperationAudits();
    const instances = dataset.build.instances.map((entry) =>
      entry.category === 'sig' || entry.ct == null
        ? { ...entry, ct: undefined }
        : { ...entry, ct: { ...entry.ct, timing: null } },
    );
    const text = section(
      renderMethodMarkdown({ ...dataset, build: { ...dataset.build, instances } }, { categories: BUILT_IN_REGISTRY }),
    );
    expect(text).not.toContain('drng is');
    expect(text).toContain('In this run no timing test gave a difference to estimate its power from.');
  });

  it('the HTML twin holds the same table', () => {
    expect(renderMethodHtml(withOperationAudits())).toContain('What the audit of each category marks secret');
  });
});
