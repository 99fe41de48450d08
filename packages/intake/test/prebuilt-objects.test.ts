// Public-key packages that ship prebuilt objects (.o), static archives (.a) and assembly beside (or
// instead of) their C sources. The objects are made here from the toy KEM of the "Toy KEM Bare"
// fixture (our own code), so the fixtures hold no binary: gcc -c for the host, ar for an archive,
// gcc -S for assembly, aarch64-linux-gnu-gcc for an object of another machine. Each package's
// library must write the KAT records of the toy built from its C source.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildInstance, iccsHeadersDirectory } from '@ngcc-perf/native';
import { discoverPackage, readBundledCatalog, type DiscoveredInstance } from '../src/index.js';
import { elfMachine } from '../src/prebuilt-objects.js';

const run = promisify(execFile);
const bare = fileURLToPath(
  new URL('./fixtures/pk-layouts/Toy KEM Bare/Reference_Implementation/toy-kem-bare/', import.meta.url),
);
const driver = fileURLToPath(new URL('../../../native/build/ngcc-perf-driver', import.meta.url));
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
const CROSS = 'aarch64-linux-gnu-gcc';
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'pk prebuilt '));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A package folder `<work>/<name>/Reference_Implementation/<instance>/` with the toy's instance header. */
async function instanceFolder(name: string, instance: string): Promise<{ root: string; folder: string }> {
  const root = path.join(work, name);
  const folder = path.join(root, 'Reference_Implementation', instance);
  await mkdir(folder, { recursive: true });
  const header = await readFile(path.join(bare, 'KEM_AlgorithmInstance.h'), 'utf8');
  await writeFile(path.join(folder, 'KEM_AlgorithmInstance.h'), header.replace('"toy-kem-bare"', `"${instance}"`));
  return { root, folder };
}

/** Compiles the toy KEM (`-c`, or `-S` for assembly) with `compiler` into `output`. */
async function compileToy(output: string, how: '-c' | '-S', compiler = 'gcc') {
  await run(compiler, [
    how,
    '-O2',
    '-fPIC',
    '-I',
    bare,
    '-I',
    iccsHeadersDirectory(),
    path.join(bare, 'kem_bare.c'),
    '-o',
    output,
  ]);
}

/** Builds the instance as `run` does and returns the text of its KAT_KEM records (the driver's pk-kat). */
async function katRecords(
  root: string,
  instance: Pick<DiscoveredInstance, 'name' | 'katName' | 'sources' | 'includeDirs'>,
) {
  const out = await mkdtemp(path.join(tmpdir(), 'pk-prebuilt-lib-'));
  try {
    const built = await buildInstance({
      instance: { name: instance.name, sourcePaths: instance.sources, includeDirPaths: instance.includeDirs },
      profile: 'reference',
      libraryDirectory: out,
      sourceRoot: root,
    });
    const { stdout } = await run(driver, ['pk-kat', built.libraryPath, instance.katName], { maxBuffer: 1 << 24 });
    return stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; text?: string })
      .filter((l) => l.type === 'pk-kat-record')
      .map((l) => l.text);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** The KAT records of the toy built from its C source: what every prebuilt form must reproduce. */
async function referenceRecords() {
  const found = await discoverPackage(path.join(bare, '..', '..'), {
    catalog: readBundledCatalog(),
    categories: [KEM],
  });
  const instance = found.instances[0]!;
  return katRecords(found.directory, {
    ...instance,
    katName: 'toy-kem-bare',
    includeDirs: [path.join(found.directory, instance.includeDirs[0]!), iccsHeadersDirectory()],
  });
}
/** The reference records with the instance name of another package (the name is not in the records). */
let reference: (string | undefined)[];

async function discoverOne(root: string) {
  const found = await discoverPackage(root, { catalog: readBundledCatalog(), categories: [KEM] });
  expect(found.unmeasured).toEqual([]);
  expect(found.instances).toHaveLength(1);
  return found.instances[0]!;
}

describe('prebuilt objects, archives and assembly in a public-key package', () => {
  beforeAll(async () => {
    reference = await referenceRecords();
    expect(reference).toHaveLength(10);
  }, 60_000);

  it('links a prebuilt object whose symbols the instance leaves undefined, with the reason, and writes the toy’s KAT', async () => {
    const { root, folder } = await instanceFolder('Toy KEM Obj', 'toy-kem-obj');
    await compileToy(path.join(folder, 'kem_core.o'), '-c');
    const instance = await discoverOne(root);
    expect([instance.category, instance.sources]).toEqual(['kem', ['Reference_Implementation/toy-kem-obj/kem_core.o']]);
    expect(instance.added).toEqual([
      {
        file: 'Reference_Implementation/toy-kem-obj/kem_core.o',
        kind: 'source',
        reason: expect.stringMatching(
          /^defines kem_dec, kem_enc, .*left undefined by the instance's own objects \(a prebuilt object the package ships, linked as it is\)$/,
        ),
      },
    ]);
    expect(await katRecords(root, instance)).toEqual(reference);
  }, 60_000);

  it('takes an instance header that declares no API when an object of its folder defines it (nm)', async () => {
    const { root, folder } = await instanceFolder('Toy KEM Obj Only', 'toy-kem-obj-only');
    await writeFile(
      path.join(folder, 'KEM_AlgorithmInstance.h'),
      '/* Toy KEM instance header (our own test package). */\n#define ALGORITHM_INSTANCE "toy-kem-obj-only"\n',
    );
    await compileToy(path.join(folder, 'kem_core.o'), '-c');
    const instance = await discoverOne(root);
    expect([instance.category, instance.sources]).toEqual([
      'kem',
      ['Reference_Implementation/toy-kem-obj-only/kem_core.o'],
    ]);
    expect(await katRecords(root, instance)).toEqual(reference);
  }, 60_000);

  it('links a static archive of a shared folder whole when its members give the API, and writes the toy’s KAT', async () => {
    const { root } = await instanceFolder('Toy KEM Archive', 'toy-kem-archive');
    await mkdir(path.join(root, 'lib'));
    await compileToy(path.join(work, 'toy_core.o'), '-c');
    await run('ar', ['rcs', path.join(root, 'lib', 'libtoykem.a'), path.join(work, 'toy_core.o')]);
    const instance = await discoverOne(root);
    expect(instance.sources).toEqual(['lib/libtoykem.a']);
    expect(instance.added).toEqual([
      {
        file: 'lib/libtoykem.a',
        kind: 'source',
        reason: expect.stringMatching(
          /left undefined by the instance's own objects \(a static archive the package ships, linked whole\)$/,
        ),
      },
    ]);
    expect(await katRecords(root, instance)).toEqual(reference);
  }, 60_000);

  it('assembles an assembly file (.s) like a C source', async () => {
    const { root, folder } = await instanceFolder('Toy KEM Asm', 'toy-kem-asm');
    await compileToy(path.join(folder, 'kem_core.s'), '-S');
    const instance = await discoverOne(root);
    expect(instance.sources).toEqual(['Reference_Implementation/toy-kem-asm/kem_core.s']);
    expect(await katRecords(root, instance)).toEqual(reference);
  }, 60_000);

  it("links the host's object of two that define the same functions, and says why the other machine's is left out", async () => {
    const { root, folder } = await instanceFolder('Toy KEM Two Machines', 'toy-kem-two');
    // the aarch64 object sorts first: the ELF header decides, not the order or the name
    await compileToy(path.join(folder, 'kem_core_aarch64.o'), '-c', CROSS);
    await compileToy(path.join(folder, 'kem_core_host.o'), '-c');
    const host = elfMachine(await readFile(path.join(folder, 'kem_core_host.o')))!;
    expect(elfMachine(await readFile(path.join(folder, 'kem_core_aarch64.o')))).toEqual({
      machine: 'AArch64',
      elfClass: '64',
      endian: 'lsb',
    });
    const instance = await discoverOne(root);
    expect(instance.sources).toEqual(['Reference_Implementation/toy-kem-two/kem_core_host.o']);
    expect(instance.excluded).toEqual([
      {
        file: 'Reference_Implementation/toy-kem-two/kem_core_aarch64.o',
        reason: `built for AArch64 (ELF64, little-endian) (its ELF header), not for ${host.machine} (ELF64, little-endian), the objects gcc makes on this host`,
      },
    ]);
    expect(await katRecords(root, instance)).toEqual(reference);
  }, 60_000);

  it('leaves out a prebuilt program (an object defining main) and an archive holding one, with the reason', async () => {
    const { root, folder } = await instanceFolder('Toy KEM Program', 'toy-kem-program');
    await copyFile(path.join(bare, 'kem_bare.c'), path.join(folder, 'kem_bare.c'));
    const program = path.join(work, 'toy_kat_main.c');
    await writeFile(program, 'int kem_keygen(void);\nint main(void) { return kem_keygen(); }\n');
    await run('gcc', ['-c', '-fPIC', program, '-o', path.join(folder, 'PQCgenKAT_kem.o')]);
    await run('ar', ['rcs', path.join(folder, 'libkatprog.a'), path.join(folder, 'PQCgenKAT_kem.o')]);
    const found = await discoverPackage(root, { catalog: readBundledCatalog(), categories: [KEM] });
    const instance = found.instances[0]!;
    expect(instance.sources).toEqual(['Reference_Implementation/toy-kem-program/kem_bare.c']);
    expect(instance.excluded).toEqual([
      { file: 'Reference_Implementation/toy-kem-program/PQCgenKAT_kem.o', reason: 'defines main' },
      {
        file: 'Reference_Implementation/toy-kem-program/libkatprog.a',
        reason: 'its member PQCgenKAT_kem.o defines main (a program; the archive is linked whole or not at all)',
      },
    ]);
  }, 60_000);
});
