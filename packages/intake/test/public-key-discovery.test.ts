import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildInstance, iccsHeadersDirectory } from '@ngcc-perf/native';
import {
  candidateDocument,
  discoverPackage,
  readBundledCatalog,
  resolveCandidate,
  type DiscoveredInstance,
} from '../src/index.js';
import { readInstanceName } from '../src/instance-name.js';

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
const SIG = {
  id: 'sig',
  symbols: [
    'sig_get_pk_len_bytes',
    'sig_get_sk_len_bytes',
    'sig_get_sn_len_bytes',
    'sig_keygen',
    'sig_sign',
    'sig_verify',
  ],
};

async function buildAndWriteKat(
  directory: string,
  instance: DiscoveredInstance,
  sourceFlags: { path: string; flag: '-fgnu89-inline' | '-fcommon' }[] = [],
) {
  const out = await mkdtemp(path.join(tmpdir(), 'pk-build-'));
  try {
    const built = await buildInstance({
      instance: {
        name: instance.name,
        sourcePaths: instance.sources,
        includeDirPaths: instance.includeDirs,
        defines: Object.fromEntries(instance.defines.map((d) => [d.name, d.value])),
        sourceFlags,
      },
      profile: 'reference',
      libraryDirectory: out,
      sourceRoot: directory,
    });
    const { stdout } = await run(driver, ['pk-kat', built.libraryPath, instance.katName], { maxBuffer: 1 << 24 });
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; category?: string; getters?: Record<string, number> });
    return { built, lines };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

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

  it("reads a parameter macro from the instance folder's build script (build.sh, Makefile) for the name, the objects and the build", async () => {
    const found = await discoverPackage(path.join(fixtures, 'Toy Sig'), {
      catalog: readBundledCatalog(),
      categories: [KEM, SIG],
    });
    expect(found.instances.map((i) => [i.name, i.category, i.defines])).toEqual([
      [
        'toy-sig-2',
        'sig',
        [{ name: 'TOY_LEVEL', value: '2', source: 'Reference_Implementation/toy-sig-2/build.sh line 3' }],
      ],
      [
        'toy-sig-three',
        'sig',
        [{ name: 'TOY_LEVEL', value: '3', source: 'Reference_Implementation/toy-sig-3/Makefile line 2' }],
      ],
    ]);
    expect(found.instances[0]!.sources).toEqual(['common/toy_sig_core.c']);
    for (const [instance, snBytes] of [
      [found.instances[0]!, 32],
      [found.instances[1]!, 48],
    ] as const) {
      const { lines } = await buildAndWriteKat(found.directory, instance);
      expect(lines.filter((l) => l.type === 'pk-kat-record')).toHaveLength(10);
      expect(lines[0]).toMatchObject({ category: 'sig', getters: { sig_get_sn_len_bytes: snBytes } });
    }
  }, 90_000);

  it('names the macro a header spells into the name when nothing defines it, and reads past a header the package lacks', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'pk-name-'));
    try {
      const header = path.join(work, 'KEM_AlgorithmInstance.h');
      const text = '#include "drng.h"\n#define S(x) #x\n#define X(x) S(x)\n#define ALGORITHM_INSTANCE "toy" X(LEVEL)\n';
      expect(await readInstanceName(header, text, [])).toEqual({
        problem: expect.stringMatching(/spells LEVEL into the name \("toyLEVEL"\)/),
        instanceNameLine: 4,
        unset: ['LEVEL'],
      });
      expect(await readInstanceName(header, text, [], [{ name: 'LEVEL', value: '5' }])).toEqual({
        instanceName: 'toy5',
        instanceNameLine: 4,
        readBy: 'preprocessor',
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('supplies its own declaration of the official drng.h and auxfunc.h to a package that includes them without shipping them', async () => {
    const found = await discoverPackage(path.join(fixtures, 'Toy KEM Bare'), {
      catalog: readBundledCatalog(),
      categories: [KEM],
    });
    const instance = found.instances[0]!;
    expect([instance.name, instance.category]).toEqual(['toy-kem-bare', 'kem']);
    expect(instance.includeDirs).toEqual(['Reference_Implementation/toy-kem-bare', '@ngcc-perf/iccs-headers']);
    const candidate = await resolveCandidate(candidateDocument(found, false), found.directory, 'Toy KEM Bare');
    expect(candidate.instances[0]!.includeDirPaths[1]).toBe(iccsHeadersDirectory());
    const { lines } = await buildAndWriteKat(found.directory, {
      ...instance,
      includeDirs: candidate.instances[0]!.includeDirPaths,
    });
    expect(lines.filter((l) => l.type === 'pk-kat-record')).toHaveLength(10);
    expect(lines[0]).toMatchObject({ category: 'kem', getters: { kem_get_ss_len_bytes: 32 } });
  }, 60_000);

  it("compiles a C99 inline function left out of line with -fgnu89-inline, on the linker's evidence, and says so in candidate.json", async () => {
    const found = await discoverPackage(path.join(fixtures, 'Toy KEM Inline'), {
      catalog: readBundledCatalog(),
      categories: [KEM],
    });
    const instance = found.instances[0]!;
    expect(instance.targetFlags).toEqual([
      {
        flag: '-fgnu89-inline',
        files: ['Reference_Implementation/toy-kem-inline/kem_inline.c'],
        reason: expect.stringMatching(/leaves toy_xor32 undefined: C99 "inline" definitions in kem_inline\.c/),
      },
    ]);
    const document = candidateDocument(found, false);
    expect(document.instances[0]!.cFlags?.map((c) => [c.flag, c.files])).toEqual([
      ['-fgnu89-inline', ['Reference_Implementation/toy-kem-inline/kem_inline.c']],
    ]);
    const candidate = await resolveCandidate(document, found.directory, 'Toy KEM Inline');
    const { lines } = await buildAndWriteKat(
      found.directory,
      { ...instance, includeDirs: candidate.instances[0]!.includeDirPaths },
      candidate.instances[0]!.cFlags.flatMap((c) =>
        (c.filePaths ?? []).map((file) => ({ path: file, flag: '-fgnu89-inline' as const })),
      ),
    );
    expect(lines.filter((l) => l.type === 'pk-kat-record')).toHaveLength(10);
  }, 60_000);
});
