// A folder with code but no instance header of its own: discovery says what would measure it — a
// name unique in the candidate, the twin's katName and digest length, the version's variant — and
// which header its sources include but the folder lacks, with the package file to copy. Followed
// as said (header copied, entry pasted into candidate.json), the candidate loads and the folder
// builds and passes its KATs by the twin's official digests; a header found nowhere is named.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedMilliseconds } from '@ngcc-perf/native';
import {
  resolveCandidate,
  candidateDocument,
  discoverPackage,
  type DiscoveredPackage,
  officialManifestPath,
  readHashCatalog,
} from '@ngcc-perf/intake';
import { HEADERLESS_LOST, HEADERLESS_OPT, HEADERLESS_REF, writeWolfberryHeaderless } from './support/mixed-packages.js';
import { runTinyCampaign } from './support/tiny-campaign.js';

const catalog = readHashCatalog(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-packages', 'catalog'),
);
const host = { arch: 'x64', cpuFlags: ['sse4_1', 'avx2'] };
const work = mkdtempSync(path.join(tmpdir(), 'folder-suggestion-'));
let root: string;
let found: DiscoveredPackage;

beforeAll(async () => {
  root = writeWolfberryHeaderless(work);
  found = await discoverPackage(root, { catalog, host });
}, pacedMilliseconds(120_000));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('what would measure a folder without an instance header', () => {
  test('a unique name, the twin as katName and digest length, the variant, and every header to copy from the twin', () => {
    expect(found.instances.map((i) => [i.name, i.folder])).toEqual([['Wolfberry-256', HEADERLESS_REF]]);
    expect(found.folders.find((f) => f.folder === HEADERLESS_OPT)?.suggestion).toEqual({
      twin: { name: 'Wolfberry-256', katName: 'Wolfberry-256', folder: HEADERLESS_REF },
      missingHeaders: [
        { header: 'CryptHash_AlgorithmInstance.h', copyFrom: `${HEADERLESS_REF}/CryptHash_AlgorithmInstance.h` },
        { header: 'wolfberry_params.h', copyFrom: `${HEADERLESS_REF}/wolfberry_params.h` },
      ],
      definesCryptHash: true,
      undefinedSymbols: [],
      instance: {
        name: 'Wolfberry-256.optimized',
        digestBits: 256,
        katName: 'Wolfberry-256',
        variant: 'performance',
        version: 'Optimized_Implementation',
        sources: [`${HEADERLESS_OPT}/wolfberry_opt.c`],
        includeDirs: [HEADERLESS_OPT],
      },
    });
  });

  test('the folder whose code defines CryptHash once its headers are supplied counts as not measured', () => {
    const left = found.unmeasured.find((u) => u.folder === HEADERLESS_OPT);
    expect(left).toMatchObject({
      status: 'not-measurable',
      katName: 'Wolfberry-256',
      version: 'Optimized_Implementation',
    });
    expect(left!.reason).toContain(
      'defines CryptHash only once CryptHash_AlgorithmInstance.h, wolfberry_params.h are supplied',
    );
    // code that cannot be compiled here at all (a header nowhere in the package) is explained, not counted
    expect(found.unmeasured.map((u) => u.folder)).not.toContain(HEADERLESS_LOST);
  });

  test('a header that no folder of the package holds is named and no entry is offered', () => {
    expect(found.folders.find((f) => f.folder === HEADERLESS_LOST)?.suggestion).toMatchObject({
      missingHeaders: [{ header: 'wolfberry_simd_tables.h', copyFrom: null }],
      instance: null,
    });
  });

  test(
    "followed as said, the candidate loads and the folder builds and passes by the twin's digests",
    async () => {
      const suggestion = found.folders.find((f) => f.folder === HEADERLESS_OPT)!.suggestion!;
      for (const m of suggestion.missingHeaders)
        copyFileSync(path.join(root, m.copyFrom!), path.join(root, HEADERLESS_OPT, m.header));
      const document = candidateDocument(found, true);
      document.instances.push(suggestion.instance!);
      const candidate = await resolveCandidate(document, root, 'Wolfberry/candidate.json', {
        officialManifest: (id) => officialManifestPath(catalog, id),
      });
      const { result } = await runTinyCampaign({
        candidates: [candidate],
        outDirectory: path.join(work, 'run'),
        phases: ['check-host', 'build', 'kat'],
      });
      expect(result.verdicts.map((v) => [v.instance, v.verdict])).toEqual([
        ['Wolfberry-256', 'PASS'],
        ['Wolfberry-256.optimized', 'PASS'],
      ]);
    },
    pacedMilliseconds(300_000),
  );
});
