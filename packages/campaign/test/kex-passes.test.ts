// A key exchange's passes are timed as many as the library says it runs (`kex_get_passes_num`,
// read by the KAT run): a 4-pass toy exchange of native/testlibs (pk_toy_kex.c with TOY_PASSES=4)
// gets records for pass1 … pass4, build.json holds `passes: 4`, and its page lists every pass. Before
// the KAT run established it, a protocol's passes beyond the second were never timed.
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

const describeWithToy = describeWithTestlib('pk_toy_kex4');
const work = temporaryWorkDirectory('ngcc-perf-kex-passes-');

describeWithToy('the passes of a key exchange', () => {
  it('times every pass the library says it runs (4), from the KAT run’s getters', async () => {
    const out = path.join(work, 'run');
    const result = await runCampaign({
      candidates: [
        {
          id: 'kex-97',
          algorithm: 'ToyKEX4',
          category: 'kex',
          variant: 'reference',
          directory: TESTLIBS_DIRECTORY,
          manifestPath: null,
          instances: [prebuiltInstance('ToyKEX4', 'pk_toy_kex4', 'kex')],
          unmeasured: [],
          origin: null,
        },
      ],
      outDirectory: out,
      systemId: 'toy_1',
      baseline: false,
      allowUnfixedHost: true,
      phases: ['build', 'kat', 'calibrate', 'measure', 'report'],
      trialTargetSeconds: 0.002,
      trials: 2,
    });
    const build = buildFileSchema.parse(JSON.parse(readFileSync(path.join(out, 'build.json'), 'utf8')));
    expect(build.instances[0]).toMatchObject({ kat: 'NOKAT', parameters: { passes: 4 } });
    // exchange, init-a, init-b, pass1 … pass4, derive-a, derive-b
    expect(result.records).toMatchObject({ complete: 9, failed: 0 });
    for (const pass of ['pass1', 'pass2', 'pass3', 'pass4'])
      expect(readFileSync(path.join(out, 'records', 'kex-97', `ToyKEX4__${pass}.json`), 'utf8')).toContain(
        `"name": "${pass}"`,
      );
    const page = readFileSync(path.join(out, 'reports', 'kex-97', 'perf_toy_1.md'), 'utf8');
    expect(page).toMatch(/\| ToyKEX4 \| pass4 \|/);
    expect(await validateRunDirectory(out)).toMatchObject({ valid: true });
  }, 240_000);
});
