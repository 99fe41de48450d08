// `readLibraryDefinitions` on the toy KEMs of native/testlibs: a static sm3hash is a local symbol of
// the library (its clone suffix cut off), a stripped library says so, a missing file is unavailable.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { readLibraryDefinitions } from './library-definitions.js';

const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.dirname(process.env.NGCC_PERF_DRIVER ?? '');
const testlib = (name: string) => path.join(nativeBuild, 'testlibs', `lib${name}.so`);
const describeWithToys = existsSync(testlib('pk_toy_kem_static_sm3hash')) ? describe : describe.skip;

describeWithToys('readLibraryDefinitions', () => {
  it('finds a static function the library does not export', async () => {
    const found = await readLibraryDefinitions(testlib('pk_toy_kem_static_sm3hash'));
    expect(found.status).toBe('read');
    expect(found.status === 'read' && found.defined.has('sm3hash')).toBe(true);
    expect(found.status === 'read' && found.defined.has('kem_enc')).toBe(true);
    const plain = await readLibraryDefinitions(testlib('pk_toy_kem'));
    expect(plain.status === 'read' && plain.defined.has('sm3hash')).toBe(false);
  });

  it('says a stripped library has no symbol table', async () => {
    expect(await readLibraryDefinitions(testlib('pk_toy_kem_static_sm3hash_stripped'))).toEqual({
      status: 'stripped',
      detail: 'the library has no symbol table (stripped)',
    });
  });
});

describe('readLibraryDefinitions without a library', () => {
  it('is unavailable, naming why, and does not throw', async () => {
    const found = await readLibraryDefinitions('/nonexistent/libnone.so');
    expect(found.status).toBe('unavailable');
    expect(found.status !== 'read' && found.detail).toMatch(/libnone\.so/);
  });
});
