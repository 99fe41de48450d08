// The ct phase of a public-key category: the KEM category declares dec with the secret key secret,
// and the phase audits it (runOperationCt) for every KEM instance — the toy KEMs of native/testlibs
// (pk_ct_kem.c, built with -g): one whose dec branches on a secret key coefficient, one that is
// constant-time. The findings reach build.json and the candidate page's constant-time section. The
// key-exchange category declares both derivations, each with its side's state secret: the toy
// exchanges of pk_ct_kex.c, one whose derive-a branches on its state; every operation's timing test
// is kept, with its classes, and the run directory validates byte for byte.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { buildFileSchema } from '@ngcc-perf/record';
import { validateRunDirectory } from '@ngcc-perf/report';
import { runCampaign } from '../src/index.js';
import {
  TESTLIBS_DIRECTORY,
  describeWithTestlib,
  prebuiltInstance,
  temporaryWorkDirectory,
} from './support/toy-kem-candidate.js';

const testlibs = TESTLIBS_DIRECTORY;
const describeWithToy = describeWithTestlib('pk_ct_kem_branch');
const work = temporaryWorkDirectory('ngcc-perf-pk-ct-');
const toyKem = (name: string, category = 'kem') => prebuiltInstance(name, name, category);

describeWithToy('the constant-time audit of KEM decapsulation in a campaign', () => {
  it('audits dec with the secret key secret and shows the findings on the candidate page', async () => {
    const out = path.join(work, 'run');
    await runCampaign({
      candidates: [
        {
          id: 'kem-98',
          algorithm: 'ToyCtKEM',
          category: 'kem',
          variant: 'reference',
          directory: testlibs,
          manifestPath: null,
          instances: [toyKem('pk_ct_kem_branch'), toyKem('pk_ct_kem_clean')],
          unmeasured: [],
          origin: null,
        },
      ],
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build', 'kat', 'ct', 'report'],
      ctTimingMilliseconds: 300,
    });
    const build = buildFileSchema.parse(JSON.parse(readFileSync(path.join(out, 'build.json'), 'utf8')));
    const ct = (name: string) => build.instances.find((entry) => entry.instance === name)?.ct;
    expect(ct('pk_ct_kem_branch')).toMatchObject({
      verdict: 'secret-dependent',
      operations: [{ operation: 'dec', secrets: ['sk'] }],
      findings: [{ kind: 'branch', function: 'kem_dec', file: 'pk_ct_kem.c', operation: 'dec' }],
    });
    expect(ct('pk_ct_kem_clean')).toMatchObject({ verdict: 'constant-time', findings: [] });
    expect(ct('pk_ct_kem_clean')?.timing?.samplesCount).toBeGreaterThan(0);
    const page = readFileSync(path.join(out, 'reports', 'kem-98', 'perf_toy_1.md'), 'utf8');
    expect(page).not.toContain('Not audited');
    expect(page).toContain("the ciphertext is the attacker's input and public");
    expect(page).toMatch(
      /\| `pk_ct_kem_branch` \| dec \| branch \| `kem_dec` \| `pk_ct_kem\.c:\d+` \| same line \| memcheck, \d+× \|/,
    );
    expect(page).toMatch(/power: a mean difference of about [\d.]+ % of the median call|power not estimated/);
  }, 300000);
});

describeWithToy('the constant-time audit of key-exchange derivations in a campaign', () => {
  it('marks each side’s state, keeps every derivation’s timing test with its classes, and validates', async () => {
    const out = path.join(work, 'run-kex');
    await runCampaign({
      candidates: [
        {
          id: 'kex-98',
          algorithm: 'ToyCtKEX',
          category: 'kex',
          variant: 'reference',
          directory: testlibs,
          manifestPath: null,
          instances: [toyKem('pk_ct_kex_branch', 'kex'), toyKem('pk_ct_kex_clean', 'kex')],
          unmeasured: [],
          origin: null,
        },
      ],
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build', 'kat', 'ct', 'report'],
      ctTimingMilliseconds: 300,
    });
    const build = buildFileSchema.parse(JSON.parse(readFileSync(path.join(out, 'build.json'), 'utf8')));
    const ct = (name: string) => build.instances.find((entry) => entry.instance === name)?.ct;
    expect(ct('pk_ct_kex_branch')).toMatchObject({
      verdict: 'secret-dependent',
      operations: [
        { operation: 'derive-a', secrets: ['ska', 'sta'] },
        { operation: 'derive-b', secrets: ['skb', 'stb'] },
      ],
      findings: [{ kind: 'branch', function: 'kex_derive_ss_a', file: 'pk_ct_kex.c', operation: 'derive-a' }],
    });
    const clean = ct('pk_ct_kex_clean');
    expect(clean).toMatchObject({ verdict: 'constant-time', findings: [] });
    expect(clean?.operationTimings?.map((test) => test.operation)).toEqual(['derive-a', 'derive-b']);
    for (const test of clean?.operationTimings ?? []) {
      expect(test.classes).toMatch(/^fixed: one whole exchange .*; random: .*\(the random class draws from 6\)$/);
      expect(test.timing?.samplesCount).toBeGreaterThan(0);
    }
    expect(clean?.timing).toEqual(clean?.operationTimings?.[0]?.timing);
    expect(clean?.notes.join(' ')).not.toMatch(/timing test over secret keys/);
    const page = readFileSync(path.join(out, 'reports', 'kex-98', 'perf_toy_1.md'), 'utf8');
    expect(page).toContain('| instance | operation | classes | timing test |');
    for (const operation of ['derive-a', 'derive-b'])
      expect(page).toMatch(
        new RegExp(`\\| \`pk_ct_kex_clean\` \\| ${operation} \\| fixed: one whole exchange .* \\| Welch t up to ±`),
      );
    expect(page).toContain('a state cannot change alone');
    const validation = await validateRunDirectory(out);
    expect(validation.valid ? 'valid' : validation.difference.message).toBe('valid');
  }, 300000);
});
