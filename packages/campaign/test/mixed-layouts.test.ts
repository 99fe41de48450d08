// A folder of packages mixing the layouts that discovery decides by the compiler, the linker and
// the digests (test/support/mixed-packages.ts), half of them zipped, in a path holding a space:
// run unattended through check-host, build and kat; every instance that can pass does, the
// package that yields nothing is listed with its reason, and the run directory validates.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateRunDirectory } from '@ngcc-perf/report';
import {
  discoverPackage,
  type DiscoveredPackage,
  readHashCatalog,
  resolveRunInputs,
  type RefusedInput,
} from '@ngcc-perf/intake';
import { type RunCampaignResult } from '../src/run-campaign.js';
import {
  WOLFBERRY_OPT,
  WOLFBERRY_REF,
  XIGUA_FOLDER,
  writeWolfberry,
  writeXigua,
  writeYuzu,
} from './support/mixed-packages.js';
import { zipToyPackage } from './support/synthetic-packages.js';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { runTinyCampaign } from './support/tiny-campaign.js';

const catalog = readHashCatalog(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-packages', 'catalog'),
);
const host = { arch: 'x64', cpuFlags: ['sse4_1', 'avx2'] };
const work = mkdtempSync(path.join(tmpdir(), 'mixed-layouts-'));
const submissions = path.join(work, 'mixed packages');
const runDirectory = path.join(work, 'run');
let wolfberry: DiscoveredPackage;
let result: RunCampaignResult;
const refused: RefusedInput[] = [];
let build: {
  packages: { candidate: string; packageName: string; versions: string[]; reason?: string }[];
  instances: {
    candidate: string;
    instance: string;
    kat: string;
    compileCommands: string[];
    linkCommand: string | null;
    addedSources?: { file: string; kind: string; reason: string }[];
    katReference?: { entries: string[]; twin: string | null } | null;
  }[];
};

beforeAll(async () => {
  mkdirSync(submissions);
  const staging = path.join(work, 'staging');
  wolfberry = await discoverPackage(writeWolfberry(staging), { catalog, host });
  await zipToyPackage(path.join(staging, 'Wolfberry'), path.join(submissions, 'Wolfberry.zip'));
  await zipToyPackage(writeYuzu(staging), path.join(submissions, 'Yuzu.zip'));
  writeXigua(submissions);
  const resolved = await resolveRunInputs([submissions], {
    extractionDirectory: path.join(runDirectory, 'packages'),
    catalog,
    host,
    refused,
  });
  ({ result, build } = await runTinyCampaign<typeof build>({
    candidates: resolved.map((r) => r.candidate),
    refusedInputs: refused,
    outDirectory: runDirectory,
    phases: ['check-host', 'build', 'kat', 'report'],
  }));
}, pacedMilliseconds(600_000));

describe('discovery by the compiler and nm', () => {
  test('main() behind an #ifdef is not a program: the file is the instance source (a text search dropped it)', () => {
    const reference = wolfberry.instances.find((i) => i.folder === WOLFBERRY_REF)!;
    expect(reference.sources).toEqual([`${WOLFBERRY_REF}/wolfberry.c`]);
    expect(reference.excluded.map((e) => e.file)).toEqual([`${WOLFBERRY_REF}/KAT_CryptHash.c`]);
    expect(reference.version.label).toBe('Reference_Implementation');
  });

  test('a generator including a header the package does not ship is left out with the compiler error', () => {
    const reference = wolfberry.instances.find((i) => i.folder === WOLFBERRY_REF)!;
    expect(reference.excluded).toEqual([
      {
        file: `${WOLFBERRY_REF}/KAT_CryptHash.c`,
        reason: `does not compile (${WOLFBERRY_REF}/KAT_CryptHash.c:2:10: fatal error: drng.h: No such file or directory); the other objects define CryptHash`,
      },
    ]);
  });

  test('a folder holding only a program this compiler refuses (windows.h) is explained, not offered as an instance', () => {
    const folder = 'Implementations/Implementation/Reference_Implementation';
    expect(wolfberry.folders.find((f) => f.folder === folder)).toEqual({
      folder,
      role: 'left-out',
      detail: `only programs or files the compiler refuses here (${folder}/bench_win.c:1:10: fatal error: windows.h: No such file or directory); nothing for an instance library as it is`,
      suggestion: {
        twin: null,
        missingHeaders: [{ header: 'windows.h', copyFrom: null }],
        definesCryptHash: false,
        undefinedSymbols: [],
        instance: null,
      },
    });
    expect(wolfberry.unmeasured.map((u) => u.folder)).not.toContain(folder);
  });

  test('shared common/ sources and headers are added by what the compiler and the linker miss, each with why', () => {
    const optimized = wolfberry.instances.find((i) => i.folder === WOLFBERRY_OPT)!;
    expect(optimized.sources).toEqual([
      `${WOLFBERRY_OPT}/wolfberry_fast.c`,
      'Implementations/Implementation/common/toy_core.c',
    ]);
    expect(optimized.includeDirs).toEqual([WOLFBERRY_OPT, 'Implementations/Implementation/common']);
    expect(optimized.added).toEqual([
      {
        file: 'Implementations/Implementation/common',
        kind: 'include-dir',
        reason: `holds toy_core.h, which ${WOLFBERRY_OPT}/wolfberry_fast.c includes`,
      },
      {
        file: 'Implementations/Implementation/common/toy_core.c',
        kind: 'source',
        reason: "defines toy_core_hash, left undefined by the instance's own objects",
      },
    ]);
    expect(wolfberry.folders.find((f) => f.folder === 'Implementations/Implementation/common')).toEqual({
      folder: 'Implementations/Implementation/common',
      role: 'shared',
      detail: `lends toy_core.c and headers to ${WOLFBERRY_OPT}`,
    });
  });
});

describe('a mixed folder, half zipped, in a path with a space, run unattended', () => {
  test('every instance that can pass does: labels matched by digest, the optimized twin by its reference twin', () => {
    expect(result.verdicts.map((v) => [v.candidate, v.instance, v.verdict])).toEqual([
      ['toy-08', 'wolfberry_256', 'PASS'],
      ['toy-08', 'Wolfberry_FAST256', 'PASS'],
      ['toy-09', 'Xigua-512', 'PASS'],
    ]);
    const entry = (name: string) => build.instances.find((e) => e.instance === name)!;
    expect(entry('wolfberry_256').katReference).toEqual({
      entries: ['Wolfberry-256/KAT_2_12_Wolfberry-256.txt', 'Wolfberry-256/KAT_2_23_Wolfberry-256.txt'],
      twin: null,
    });
    expect(entry('Wolfberry_FAST256').katReference?.twin).toBe('wolfberry_256');
    expect(entry('Wolfberry_FAST256').addedSources?.map((a) => a.file)).toEqual([
      'Implementations/Implementation/common',
      'Implementations/Implementation/common/toy_core.c',
    ]);
  });

  test('the package that yields nothing is listed with the undefined symbol, in build.json too', () => {
    expect(refused.map((r) => [r.input, r.candidate])).toEqual([['Yuzu.zip', 'toy-10']]);
    expect(refused[0]!.reason).toContain('yuzu_round undefined');
    const yuzu = build.packages.find((p) => p.candidate === 'toy-10')!;
    expect(yuzu.versions).toEqual([]);
    expect(yuzu.reason).toContain('yuzu_round');
  });

  test('commands are recorded relative to the candidate whatever the path holds, one argument per path', () => {
    const xigua = build.instances.find((e) => e.instance === 'Xigua-512')!;
    const compile = xigua.compileCommands.join('\n');
    expect(compile).toContain(`'${XIGUA_FOLDER.replace(/'/g, "'\\''")}/xigua hash.c'`);
    expect(compile).not.toContain(work);
    expect(xigua.linkCommand).not.toMatch(/"$/);
  });

  test('the pages show the matched manifest entries, the twin, the added sources and the input refused', () => {
    const page = (file: string) => readFileSync(path.join(runDirectory, 'reports', file), 'utf8');
    for (const candidatePage of [page('toy-08/perf_x86_9.md'), page('toy-08/perf_x86_9.html')]) {
      expect(candidatePage).toContain('Wolfberry-256/KAT_2_23_Wolfberry-256.txt');
      expect(candidatePage).toMatch(/entries of its reference twin (`|<code>)wolfberry_256/);
      expect(candidatePage).toContain('toy_core.c');
      expect(candidatePage).toContain('defines toy_core_hash, left undefined by the instance');
    }
    for (const summary of [page('summary_x86_9.md'), page('summary_x86_9.html')]) {
      expect(summary).toContain('Inputs not measured');
      expect(summary).toContain('yuzu_round');
    }
  });

  test('the run directory validates', async () => {
    const validation = await validateRunDirectory(runDirectory);
    expect(validation.valid ? 'valid' : validation.difference.message).toBe('valid');
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));
