import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decideTargetFlags, missingFeatureMessage, targetFeatureNeeds } from './target-feature-flags.js';

// a header laid out as gcc's own intrinsic headers are: the function under a pushed target pragma
const folder = mkdtempSync(path.join(tmpdir(), 'target-features-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const header = path.join(folder, 'toyintrin.h');
writeFileSync(
  header,
  [
    '#pragma GCC push_options',
    '#pragma GCC target("aes,sse2")',
    'extern __inline int __attribute__((__always_inline__))',
    'toy_round (int a)',
    '{ return a; }',
    '#pragma GCC pop_options',
    'extern __inline int __attribute__((__always_inline__))',
    'toy_plain (int a)',
    '{ return a; }',
    '',
  ].join('\n'),
);
const mismatch = (line: number, name: string) =>
  `${header}:${line}:1: error: inlining failed in call to ‘always_inline’ ‘${name}’: target specific option mismatch`;

const host = (native: string[]) => ({ native: new Set(native), default: new Set(['-msse2']) });

describe('target features by the compiler', () => {
  test('an inlining mismatch names the features of the pragma the function is declared under', async () => {
    const output = ['In file included from x.c:2:', mismatch(4, 'toy_round'), mismatch(4, 'toy_round')].join('\n');
    expect(await targetFeatureNeeds(output)).toEqual([
      { intrinsic: 'toy_round', features: ['aes', 'sse2'], declaredAt: 'toyintrin.h:4' },
    ]);
  });

  test('a function after the pragma is popped, and an unreadable header, need nothing', async () => {
    expect(await targetFeatureNeeds(mismatch(8, 'toy_plain'))).toEqual([]);
    expect(await targetFeatureNeeds(mismatch(8, 'toy_plain').replace(header, '/nonexistent/x.h'))).toEqual([]);
  });

  test('"needs isa option" gives its options', async () => {
    const output = "x.c:9:3: error: '__builtin_ia32_aesenc128' needs isa option -maes -msse2";
    expect(await targetFeatureNeeds(output)).toEqual([
      { intrinsic: '__builtin_ia32_aesenc128', features: ['aes', 'sse2'], declaredAt: 'gcc: needs isa option' },
    ]);
  });

  test('only the features the host has and gcc does not enable anyway are added, each with why', async () => {
    const needs = await targetFeatureNeeds(mismatch(4, 'toy_round'));
    const decision = decideTargetFlags(needs, host(['-maes', '-msse2']), []);
    expect(decision.missing).toEqual([]);
    expect(decision.flags.map((f) => f.flag)).toEqual(['-maes']);
    expect(decision.flags[0]!.reason).toMatch(/toy_round \(toyintrin\.h:4.*target specific option mismatch.*has aes/);
    expect(decideTargetFlags(needs, host(['-maes', '-msse2']), ['-maes']).flags).toEqual([]);
  });

  test('a feature the host lacks is named with its flag, never added', async () => {
    const needs = await targetFeatureNeeds(mismatch(4, 'toy_round'));
    const decision = decideTargetFlags(needs, host(['-msse2']), []);
    expect(decision.flags).toEqual([]);
    expect(decision.missing).toEqual([{ feature: 'aes', intrinsic: 'toy_round', declaredAt: 'toyintrin.h:4' }]);
    expect(missingFeatureMessage(decision.missing)).toMatch(
      /^error: toy_round \(toyintrin\.h:4\) needs the CPU feature aes \(-maes\), which this host's CPU does not have/,
    );
  });
});
