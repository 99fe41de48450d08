import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadCandidate } from './candidate.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-candidate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function candidateFolder(json: unknown): Promise<string> {
  const folder = await mkdtemp(path.join(scratch, 'candidate-'));
  await writeFile(path.join(folder, 'candidate.json'), typeof json === 'string' ? json : JSON.stringify(json));
  return folder;
}

const valid = {
  id: 'hash-99',
  algorithm: 'Toy',
  category: 'hash',
  variant: 'reference',
  sources: ['src/toy.c'],
  includeDirs: ['src'],
  manifest: 'kat.sha256',
  instances: [
    { name: 'toy_256', digestBits: 256 },
    { name: 'toy_512', digestBits: 512, sources: ['src/toy512.c'] },
  ],
};

describe('loadCandidate', () => {
  it('refuses a public-key id in "bundledManifest" and says how such a candidate is judged', async () => {
    const rest: Record<string, unknown> = { ...valid };
    delete rest.manifest;
    const folder = await candidateFolder({ ...rest, id: 'kex-05', bundledManifest: 'kex-05' });
    await mkdir(path.join(folder, 'src'));
    await expect(loadCandidate(folder)).rejects.toThrow(
      /"bundledManifest": "kex-05" is a public-key id, and "bundledManifest" names hash manifests only\. Remove the field: a candidate whose "id" is "kex-05" is judged by the bundled kex-05 manifest/,
    );
    const hash = await candidateFolder({ ...rest, bundledManifest: 'hash-00' });
    await expect(loadCandidate(hash)).rejects.toThrow(/no official manifest "hash-00" is bundled with ngcc-perf/);
  });

  it('resolves sources, include dirs and the manifest inside the folder', async () => {
    const folder = await candidateFolder(valid);
    await mkdir(path.join(folder, 'src'));
    const candidate = await loadCandidate(folder);
    expect(candidate.id).toBe('hash-99');
    expect(candidate.instances.map((i) => i.digestBits)).toEqual([256, 512]);
    expect(candidate.instances[0]!.sourcePaths).toEqual([path.join(candidate.directory, 'src', 'toy.c')]);
    expect(candidate.instances[1]!.sourcePaths).toEqual([path.join(candidate.directory, 'src', 'toy512.c')]);
    expect(candidate.manifestPath).toBe(path.join(candidate.directory, 'kat.sha256'));
  });

  it('names an unknown field and the fix', async () => {
    const folder = await candidateFolder({ ...valid, colour: 'blue' });
    await expect(loadCandidate(folder)).rejects.toThrow(/candidate\.json: unknown field "colour".*docs\/CANDIDATE\.md/);
  });

  it('names an unknown field inside an instance', async () => {
    const folder = await candidateFolder({ ...valid, instances: [{ name: 'a', digestBits: 256, bits: 1 }] });
    await expect(loadCandidate(folder)).rejects.toThrow(/unknown field "instances\.0\.bits"/);
  });

  it('names a digest length that is not a whole number of bytes', async () => {
    const folder = await candidateFolder({ ...valid, instances: [{ name: 'a', digestBits: 250 }] });
    await expect(loadCandidate(folder)).rejects.toMatchObject({
      code: 'CANDIDATE_INVALID',
      message: expect.stringMatching(/field "instances\.0\.digestBits"/),
    });
  });

  it('names a misspelled field as unknown, with the field it resembles, not as a missing one', async () => {
    const folder = await candidateFolder({ ...valid, instances: [{ name: 'a', digestbits: 256 }] });
    await expect(loadCandidate(folder)).rejects.toThrow(
      /: unknown field "instances\.0\.digestbits" \(did you mean "digestBits"\?\)\. Fix candidate\.json/,
    );
  });

  it('names the type received when a field has the wrong type', async () => {
    const folder = await candidateFolder({ ...valid, instances: [{ name: 'a', digestBits: '256' }] });
    await expect(loadCandidate(folder)).rejects.toThrow(
      /field "instances\.0\.digestBits": expected a positive multiple of 8, or for an XOF a non-empty list of them; got a string \("256"\)/,
    );
    const named = await candidateFolder({ ...valid, algorithm: 7 });
    await expect(loadCandidate(named)).rejects.toThrow(/field "algorithm": .*; got a number \(7\)/);
  });

  it('says a required field is missing', async () => {
    const folder = await candidateFolder({ ...valid, algorithm: undefined }); // JSON.stringify leaves it out
    await expect(loadCandidate(folder)).rejects.toThrow(/field "algorithm" is missing/);
  });

  it('refuses a source path that leaves the folder', async () => {
    const folder = await candidateFolder({ ...valid, sources: ['../../etc/passwd'] });
    await expect(loadCandidate(folder)).rejects.toThrow(
      /"sources\.0" path "\.\.\/\.\.\/etc\/passwd" leaves the candidate folder/,
    );
  });

  it('refuses duplicate instance names', async () => {
    const folder = await candidateFolder({
      ...valid,
      instances: [
        { name: 'a', digestBits: 8 },
        { name: 'a', digestBits: 16 },
      ],
    });
    await expect(loadCandidate(folder)).rejects.toThrow(/instance "a" is listed twice/);
  });

  it('reads a candidate.json saved as UTF-8 with BOM and CRLF (Windows editors), as a manifest is', async () => {
    const folder = await candidateFolder(`\uFEFF${JSON.stringify(valid, null, 2).replace(/\n/g, '\r\n')}\r\n`);
    const candidate = await loadCandidate(folder);
    expect([candidate.id, candidate.instances.map((i) => i.name)]).toEqual(['hash-99', ['toy_256', 'toy_512']]);
  });

  it('reports bad JSON and a missing file with the path', async () => {
    const folder = await candidateFolder('{ "id": ');
    await expect(loadCandidate(folder)).rejects.toThrow(/candidate\.json: not valid JSON/);
    await expect(loadCandidate(path.join(folder, 'nope'))).rejects.toMatchObject({ code: 'CANDIDATE_NOT_FOUND' });
  });

  it('expands an XOF list into one instance per length, each with its own KAT name', async () => {
    const folder = await candidateFolder({
      ...valid,
      instances: [{ name: 'shake', digestBits: [256, 512], katName: 'SHAKE' }],
    });
    const candidate = await loadCandidate(folder);
    expect(candidate.instances.map((i) => [i.name, i.digestBits, i.katName, i.xofName])).toEqual([
      ['shake_256', 256, 'SHAKE_256', 'shake'],
      ['shake_512', 512, 'SHAKE_512', 'shake'],
    ]);
  });

  it('takes the KAT name and variant per instance, the candidate-wide variant otherwise', async () => {
    const folder = await candidateFolder({
      ...valid,
      variant: 'performance',
      instances: [
        { name: 'a', digestBits: 256, katName: 'toy' },
        { name: 'b', digestBits: 256, variant: 'resource' },
      ],
    });
    const candidate = await loadCandidate(folder);
    expect(candidate.instances.map((i) => [i.katName, i.variant])).toEqual([
      ['toy', 'performance'],
      ['b', 'resource'],
    ]);
  });

  it('defaults the variant to reference', async () => {
    const { variant: _unused, ...withoutVariant } = valid;
    void _unused;
    const candidate = await loadCandidate(await candidateFolder(withoutVariant));
    expect(candidate.variant).toBe('reference');
  });

  it('accepts a prebuilt library instead of sources', async () => {
    const { sources: _unused, ...withoutSources } = valid;
    void _unused;
    const folder = await candidateFolder({
      ...withoutSources,
      instances: [{ name: 'a', digestBits: 256, library: 'lib/liba.so' }],
    });
    const candidate = await loadCandidate(folder);
    expect(candidate.instances[0]!.prebuiltLibraryPath).toBe(path.join(candidate.directory, 'lib', 'liba.so'));
    expect(candidate.instances[0]!.sourcePaths).toEqual([]);
  });

  it('names an instance with both sources and a library, or with neither', async () => {
    await expect(
      loadCandidate(
        await candidateFolder({
          ...valid,
          instances: [{ name: 'a', digestBits: 256, sources: ['a.c'], library: 'a.so' }],
        }),
      ),
    ).rejects.toThrow(/field "instances\.0": give either "sources" or "library", not both/);
    const { sources: _unused, ...withoutSources } = valid;
    void _unused;
    await expect(loadCandidate(await candidateFolder(withoutSources))).rejects.toThrow(
      /field "instances\.0\.sources": instance "toy_256" has no sources/,
    );
  });

  it('names a bad XOF list and a repeated length', async () => {
    await expect(
      loadCandidate(await candidateFolder({ ...valid, instances: [{ name: 'x', digestBits: [] }] })),
    ).rejects.toThrow(/field "instances\.0\.digestBits"/);
    await expect(
      loadCandidate(await candidateFolder({ ...valid, instances: [{ name: 'x', digestBits: [256, 256] }] })),
    ).rejects.toThrow(/field "instances\.0\.digestBits": a length is listed twice/);
  });

  it('takes a public-key category without digest lengths, and refuses a hash instance without one', async () => {
    const instances = valid.instances.map((i) => ({ name: i.name, ...('sources' in i ? { sources: i.sources } : {}) }));
    const kem = await loadCandidate(await candidateFolder({ ...valid, category: 'kem', instances }));
    expect(kem.instances.map((i) => [i.category, i.digestBits])).toEqual([
      ['kem', undefined],
      ['kem', undefined],
    ]);
    await expect(loadCandidate(await candidateFolder({ ...valid, instances }))).rejects.toThrow(
      /field "instances\.0\.digestBits": a hash instance needs its digest length/,
    );
    await expect(loadCandidate(await candidateFolder({ ...valid, category: 'Public Key' }))).rejects.toThrow(
      /field "category"/,
    );
  });
});
