// The ct phase of a public-key category: the KEM category declares dec with the secret key secret,
// and the phase audits it (runOperationCt) for every KEM instance — the toy KEMs of native/testlibs
// (pk_ct_kem.c, built with -g): one whose dec branches on a secret key coefficient, one that is
// constant-time. The findings reach build.json and the candidate page's constant-time section.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { buildFileSchema } from '@ngcc-perf/record';
import { runCampaign, type CampaignCandidate } from '../src/index.js';

const testlibs = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');
const library = (name: string): string => path.join(testlibs, `lib${name}.so`);
const describeWithToy = existsSync(library('pk_ct_kem_branch')) ? describe : describe.skip;
const work = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-pk-ct-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function toyKem(name: string): CampaignCandidate['instances'][number] {
  return {
    name,
    category: 'kem',
    katName: name,
    parameters: {},
    variant: 'reference',
    xofName: null,
    sourcePaths: [],
    includeDirPaths: [],
    prebuiltLibraryPath: library(name),
    versionLabel: null,
    katFilePaths: [],
    addedSources: [],
    patchPath: null,
    defines: {},
    cFlags: [],
  };
}

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
