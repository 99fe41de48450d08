import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildInstance } from '@ngcc-perf/native';
import { discoverPackage, readBundledCatalog } from '../src/index.js';

const run = promisify(execFile);
const fixtures = fileURLToPath(new URL('./fixtures/pk-layouts/', import.meta.url));
const driver = fileURLToPath(new URL('../../../native/build/ngcc-perf-driver', import.meta.url));
/** The official KEM API names (SPEC §10), as a KEM category of the registry lists them. */
const KEM = {
  id: 'kem',
  symbols: [
    'kem_get_pk_len_bytes',
    'kem_get_sk_len_bytes',
    'kem_get_ss_len_bytes',
    'kem_get_ct_len_bytes',
    'kem_keygen',
    'kem_enc',
    'kem_dec',
  ],
};
const SIG = { id: 'sig', symbols: ['sig_keygen', 'sig_sign', 'sig_verify'] };

describe('discovery of a public-key package', () => {
  it('finds KEM instances by ALGORITHM_INSTANCE and nm, leaves out the programs and the DRNG, links src/common', async () => {
    const found = await discoverPackage(path.join(fixtures, 'Toy KEM'), {
      catalog: readBundledCatalog(),
      categories: [SIG, KEM],
    });
    expect(found.instances.map((i) => [i.name, i.category, i.digestBits])).toEqual([
      ['toy-kem-1', 'kem', null],
      ['toy-kem-2', 'kem', null],
    ]);
    const first = found.instances[0]!;
    expect(first.sources).toEqual([
      'Reference Implementation/toy-kem-1/decaps.c',
      'Reference Implementation/toy-kem-1/kem.c',
      // own code without main or the DRNG functions is the instance's, used or not
      'Reference Implementation/toy-kem-1/rng.c',
      'src/common/toy_mix.c',
    ]);
    expect(first.excluded).toEqual([
      { file: 'Reference Implementation/toy-kem-1/PQCgenKAT_kem.c', reason: 'defines main' },
      {
        file: 'Reference Implementation/toy-kem-1/drng.c',
        reason: 'defines get_random_number, init_random_number, the ICCS DRNG the driver provides',
      },
    ]);
    expect(first.includeDirs).toEqual(['Reference Implementation/toy-kem-1', 'src/common']);
    expect(found.folders.find((f) => f.folder === 'src/common')?.role).toBe('shared');
  });

  it('without a public-key category registered, the header is explained, never a crash', async () => {
    const found = await discoverPackage(path.join(fixtures, 'Toy KEM'), {
      catalog: readBundledCatalog(),
      categories: [],
    });
    expect(found.instances).toEqual([]);
    expect(found.unmeasured.filter((u) => u.katName !== null).map((u) => [u.katName, u.reason])).toEqual(
      ['toy-kem-1', 'toy-kem-2'].map((name) => [
        name,
        expect.stringMatching(/no public-key category .* is registered/),
      ]),
    );
  });

  it.each(['toy-kem-1', 'toy-kem-2'])(
    'builds %s into a library whose KAT_KEM file the driver writes (toy-kem-2 needs -fcommon)',
    async (name) => {
      const found = await discoverPackage(path.join(fixtures, 'Toy KEM'), {
        catalog: readBundledCatalog(),
        categories: [KEM],
      });
      const instance = found.instances.find((i) => i.name === name)!;
      const out = await mkdtemp(path.join(tmpdir(), 'pk-build-'));
      try {
        const built = await buildInstance({
          instance: { name, sourcePaths: instance.sources, includeDirPaths: instance.includeDirs },
          profile: 'reference',
          libraryDirectory: out,
          sourceRoot: found.directory,
        });
        expect(built.buildFlags.includes('-fcommon')).toBe(name === 'toy-kem-2');
        const { stdout } = await run(driver, ['pk-kat', built.libraryPath, name], { maxBuffer: 1 << 24 });
        const lines = stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { type: string; verdict?: string; text?: string });
        expect(lines.filter((l) => l.type === 'pk-kat-record')).toHaveLength(10);
        expect(lines[0]).toMatchObject({
          category: 'kem',
          getters: { kem_get_ss_len_bytes: name === 'toy-kem-1' ? 16 : 32 },
        });
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
