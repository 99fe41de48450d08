// runPublicKeyKat on the toy public-key instances of native/testlibs (built by `npm run build`):
// the file written, the verdict by the manifest entry's digest (mode and record limit), the failed
// functional checks, and the verdicts of runs that stop.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { canonicalDigest } from '../canonical-digest.js';
import { parseManifest } from '../parse-manifest.js';
import { runPublicKeyKat } from './run-public-key-kat.js';

const nativeBuild = process.env.NGCC_PERF_NATIVE_BUILD ?? path.join('..', '..', 'native', 'build');
const testlib = (name: string): string => path.join(nativeBuild, 'testlibs', `lib${name}.so`);
/** The folders the tests made, removed after them. */
const made: string[] = [];
async function outDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pk-kat-'));
  made.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('runPublicKeyKat', () => {
  it('writes the whole file and judges it by the manifest entry of <instance>/<file>: NOKAT, PASS, MISMATCH', async () => {
    const dir = await outDir();
    const alone = await runPublicKeyKat({ library: testlib('pk_toy_kem'), instance: 'Toy', outDir: dir });
    expect(alone).toMatchObject({
      verdict: 'NOKAT',
      category: 'kem',
      file: 'KAT_KEM_Toy.txt',
      records: 10,
      failedChecks: [],
    });
    const text = await readFile(alone.path as string, 'utf8');
    expect(text.match(/^Count = /gm)).toHaveLength(10);
    expect(alone.canonicalSha256).toBe(canonicalDigest(text, { mode: 'strict' }));

    const strict = parseManifest(`${alone.canonicalSha256 ?? ''} strict Toy/KAT_KEM_Toy.txt\n`, 'kat.sha256');
    const pass = await runPublicKeyKat({
      library: testlib('pk_toy_kem'),
      instance: 'Toy',
      outDir: dir,
      manifest: strict,
    });
    expect(pass).toMatchObject({ verdict: 'PASS', manifestSha256: alone.canonicalSha256 });

    const other = parseManifest(`${'0'.repeat(64)} strict Toy/KAT_KEM_Toy.txt\n`, 'kat.sha256');
    const mismatch = await runPublicKeyKat({
      library: testlib('pk_toy_kem'),
      instance: 'Toy',
      outDir: dir,
      manifest: other,
    });
    expect(mismatch.verdict).toBe('MISMATCH');
    expect(mismatch.detail).toMatch(
      /^KAT_KEM_Toy\.txt: canonical SHA-256 [0-9a-f]{64} differs from the manifest's 0{64} \(line 1\)$/,
    );
  });

  it("takes the entry's nolen mode and record limit", async () => {
    const dir = await outDir();
    const first = await runPublicKeyKat({ library: testlib('pk_toy_sig'), instance: 'Toy', outDir: dir });
    const text = await readFile(first.path as string, 'utf8');
    const digest = canonicalDigest(text, { mode: 'nolen', recordLimit: 3 });
    const manifest = parseManifest(`${digest} nolen:3 Toy/KAT_SIG_Toy.txt\n`, 'kat.sha256');
    const run = await runPublicKeyKat({
      library: testlib('pk_toy_sig'),
      instance: 'Toy',
      outDir: dir,
      manifest,
      blankLengths: true,
    });
    expect(run).toMatchObject({ verdict: 'PASS', canonicalSha256: digest });
  });

  it('lists the failed functional checks by record beside the digest verdict', async () => {
    const run = await runPublicKeyKat({
      library: testlib('pk_toy_sig_accept_all'),
      instance: 'Toy',
      outDir: await outDir(),
    });
    expect(run.verdict).toBe('NOKAT');
    expect(run.failedChecks).toHaveLength(10);
    expect(run.failedChecks[9]).toMatchObject({ record: 9, name: 'verify-changed-message' });
  });

  it('a run that stops: OVERFLOW with the partial file kept, CRASH, LOADFAIL (no API, impossible getters)', async () => {
    const dir = await outDir();
    const overflow = await runPublicKeyKat({ library: testlib('pk_toy_kem_write_long'), instance: 'Toy', outDir: dir });
    expect(overflow).toMatchObject({ verdict: 'OVERFLOW', records: 0, canonicalSha256: null });
    expect(await readFile(overflow.path as string, 'utf8')).toMatch(/^Count = 0\n.*\nSK = [0-9A-F]+\n$/s);
    const crash = await runPublicKeyKat({ library: testlib('pk_toy_kem_segv_dec'), instance: 'Toy', outDir: dir });
    expect(crash).toMatchObject({ verdict: 'CRASH', records: 2 });
    expect(crash.detail).toMatch(/SIGSEGV/);
    const huge = await runPublicKeyKat({ library: testlib('pk_toy_kem_huge_getter'), instance: 'Toy', outDir: dir });
    expect(huge).toMatchObject({ verdict: 'LOADFAIL', file: null, records: 0 });
    expect(huge.detail).toMatch(/^no memory for the buffers the getters of .* ask for/);
    const none = await runPublicKeyKat({ library: testlib('xor_ok'), instance: 'Toy', outDir: dir });
    expect(none).toMatchObject({ verdict: 'LOADFAIL', file: null, path: null });
  });

  it('a hang: TIMEOUT after the records finished before it, which the file keeps', async () => {
    const dir = await outDir();
    // Long enough for record 0 on a busy host (scaled by its pace), short for a test.
    const timeoutSeconds = Math.max(2, Math.ceil(pacedMilliseconds(2000) / 1000));
    const run = await runPublicKeyKat({
      library: testlib('pk_toy_kem_hang_enc'),
      instance: 'Toy',
      outDir: dir,
      timeoutSeconds,
    });
    expect(run).toMatchObject({ verdict: 'TIMEOUT', records: 1, canonicalSha256: null });
    expect(run.detail).toBe(`stopped after ${timeoutSeconds} s on record 1`);
    expect((await readFile(run.path as string, 'utf8')).match(/^Count = /gm)).toEqual(['Count = ']);
  });

  it("a bad instance name is the driver's usage error: DRIVER_FAILED", async () => {
    await expect(
      runPublicKeyKat({ library: testlib('pk_toy_kem'), instance: 'no spaces', outDir: await outDir() }),
    ).rejects.toMatchObject({ code: 'DRIVER_FAILED' });
  });
});
