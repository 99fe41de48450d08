// The public-key catalog beside the hash one (data/ngcc-public-key-catalog.csv): discovery names a
// public-key package by it, as it names a hash package by the hash catalog.
import { afterAll, describe, expect, it } from '@jest/globals';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverPackage, findCatalogEntry, officialManifestPath, readBundledCatalog } from '../src/index.js';
import { builtInPublicKeyCategories } from '../src/public-key-entry.js';

const fixtures = fileURLToPath(new URL('./fixtures/pk-layouts/', import.meta.url));
const work = await mkdtemp(path.join(tmpdir(), 'pk-catalog-'));
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the bundled public-key catalog', () => {
  it('lists the 84 public-key candidates beside the 35 hash ones, each id once', () => {
    const catalog = readBundledCatalog();
    const ids = catalog.entries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const count = (prefix: string) => ids.filter((id) => id.startsWith(prefix)).length;
    expect([count('hash-'), count('kem-'), count('sign-'), count('kex-')]).toEqual([35, 41, 34, 9]);
    expect(findCatalogEntry(catalog, 'Amoeba')).toEqual({ id: 'kem-02', officialName: 'Amoeba', archive: '' });
    expect(findCatalogEntry(catalog, 'Amoeba.zip')?.id).toBe('kem-02');
    expect(findCatalogEntry(catalog, 'Aigis-Sig+')?.id).toBe('sign-01');
    expect(findCatalogEntry(catalog, 'Loom')?.id).toBe('kex-05');
    expect(findCatalogEntry(catalog, 'Litchi')?.id).toBe('hash-15');
    // Their manifests are bundled with @ngcc-perf/kat, not in the hash manifests folder.
    expect(officialManifestPath(catalog, 'kem-02')).toBeNull();
  });

  it('names a public-key package by its folder name: Amoeba/ is kem-02', async () => {
    const root = path.join(work, 'Amoeba');
    await cp(path.join(fixtures, 'Toy KEM'), root, { recursive: true });
    const found = await discoverPackage(root, {
      catalog: readBundledCatalog(),
      categories: builtInPublicKeyCategories(),
    });
    expect([found.id, found.algorithm, found.catalogued]).toEqual(['kem-02', 'Amoeba', true]);
    expect(found.instances.map((instance) => instance.category)).toEqual(['kem', 'kem']);
  });
});
