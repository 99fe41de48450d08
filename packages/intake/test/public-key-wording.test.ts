// What discovery says of what it leaves out of a public-key package speaks of the public-key API:
// never of DIGEST_BIT_LENGTH or CryptHash, which a KEM, signature or key exchange does not have.
import { afterAll, describe, expect, it } from '@jest/globals';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverPackage, readBundledCatalog, resolveRunInputs, type RefusedInput } from '../src/index.js';
import { builtInPublicKeyCategories } from '../src/public-key-entry.js';

const fixtures = fileURLToPath(new URL('./fixtures/pk-layouts/', import.meta.url));
const toyKem1 = path.join(fixtures, 'Toy KEM', 'Reference Implementation', 'toy-kem-1');
const work = await mkdtemp(path.join(tmpdir(), 'pk-wording-'));
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the words of a public-key package', () => {
  it('a folder without an instance header is explained by the public-key API', async () => {
    const root = path.join(work, 'Toy KEM');
    await cp(path.join(fixtures, 'Toy KEM'), root, { recursive: true });
    const headerless = path.join(root, 'Optimized Implementation', 'toy-kem-opt');
    await mkdir(headerless, { recursive: true });
    await writeFile(path.join(headerless, 'opt.c'), 'int toy_opt_mix(int x) { return x * 3; }\n');
    const found = await discoverPackage(root, {
      catalog: readBundledCatalog(),
      categories: builtInPublicKeyCategories(),
    });
    expect(found.api).toBe('public-key');
    const left = found.unmeasured.find((u) => u.folder === 'Optimized Implementation/toy-kem-opt');
    expect(left?.reason).toMatch(
      /^no header of its own defining ALGORITHM_INSTANCE \(a KEM, signature or key-exchange instance header\)/,
    );
    expect(left?.reason).not.toMatch(/DIGEST_BIT_LENGTH|CryptHash|digestBits/);
  });

  it('a package of public-key code without any instance header is refused in the words of its API', async () => {
    const root = path.join(work, 'inputs', 'Headerless KEM');
    await mkdir(path.join(root, 'src'), { recursive: true });
    await cp(path.join(toyKem1, 'kem.c'), path.join(root, 'src', 'kem.c'));
    await cp(path.join(toyKem1, 'api.h'), path.join(root, 'src', 'api.h'));
    const refused: RefusedInput[] = [];
    await resolveRunInputs([root], {
      extractionDirectory: path.join(work, 'extracted'),
      categories: builtInPublicKeyCategories(),
      refused,
    });
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatch(
      /^no folder holds a header defining ALGORITHM_INSTANCE \(a KEM, signature or key-exchange instance header\) whose sources link into a library defining every function of the KEM, signature or key-exchange API/,
    );
    expect(refused[0]!.reason).not.toMatch(/DIGEST_BIT_LENGTH|CryptHash/);
  });
});
