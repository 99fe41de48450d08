// Official-style packages in, reports out: three unpacked synthetic packages and one .zip, none
// with a candidate.json or a kat.sha256, measured end to end; the KAT verdicts come from the
// catalog's manifests, the archive's SHA-256 goes into build.json, skipped and not-measurable
// folders and a disagreeing package KAT file are on the pages.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateRunDirectory } from '@ngcc-perf/report';
import { readHashCatalog, resolveRunInputs } from '@ngcc-perf/intake';
import { type RunCampaignResult } from '../src/run-campaign.js';
import { TOY_LAYOUTS, writeToyPackage, zipToyPackage } from './support/synthetic-packages.js';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { runTinyCampaign } from './support/tiny-campaign.js';

const catalog = readHashCatalog(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'toy-packages', 'catalog'),
);
const host = { arch: 'x64', cpuFlags: ['sse4_1', 'avx2'] };
const work = mkdtempSync(path.join(tmpdir(), 'packages-campaign-'));
const submissions = path.join(work, 'submissions');
const runDirectory = path.join(work, 'run');
const layout = (name: string) => TOY_LAYOUTS.find((l) => l.name === name)!;
let result: RunCampaignResult;
let build: {
  packages: {
    candidate: string;
    archive: string | null;
    archiveSha256: string | null;
    versions: string[];
    unmeasured: { folder: string; status: string; reason: string }[];
  }[];
  instances: {
    candidate: string;
    instance: string;
    kat: string;
    version: string;
    packageKatFiles: { file: string; manifest: string; generated: string }[];
  }[];
};
const page = (id: string) => readFileSync(path.join(runDirectory, 'reports', id, 'perf_x86_9.md'), 'utf8');

beforeAll(async () => {
  for (const name of ['Kumquat', 'Sloe', 'Tamarind']) writeToyPackage(submissions, layout(name));
  const quince = writeToyPackage(path.join(work, 'staging'), layout('Quince'));
  await zipToyPackage(quince, path.join(submissions, 'Quince.zip'));
  // a KAT file shipped in the package that disagrees with the official digest
  mkdirSync(path.join(submissions, 'Kumquat', 'Test_Vectors'));
  const bogus = [0, 1, 2]
    .map(
      () =>
        `Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = 0000000000000000 .... 0000000000000000\nDst_Len = 768\nDst = ${'AB'.repeat(96)}\n`,
    )
    .join('\n');
  writeFileSync(path.join(submissions, 'Kumquat', 'Test_Vectors', 'KAT_2_23_kumquat_768.txt'), bogus);
  const resolved = await resolveRunInputs([submissions], {
    extractionDirectory: path.join(runDirectory, 'packages'),
    catalog,
    host,
  });
  ({ result, build } = await runTinyCampaign<typeof build>({
    candidates: resolved.map((r) => r.candidate),
    outDirectory: runDirectory,
  }));
}, pacedMilliseconds(600_000));

describe('a folder of three unpacked packages and one .zip', () => {
  test('every measurable instance of every version is built and passes the catalog manifest', () => {
    expect(result.verdicts.map((v) => [v.candidate, v.instance, v.verdict])).toEqual([
      ['toy-01', 'kumquat_512', 'PASS'],
      ['toy-01', 'kumquat_768', 'PASS'],
      ['toy-01', 'kumquat_1024', 'PASS'],
      ['toy-03', 'quince_512', 'PASS'],
      ['toy-03', 'quince_512.optimized-avx2', 'PASS'],
      ['toy-04', 'sloe_512', 'PASS'],
      ['toy-04', 'sloe_512.optimized', 'PASS'],
      ['toy-05', 'tamarind_512', 'PASS'],
    ]);
    expect(result.records.failed).toBe(0);
  });

  test('the archive was extracted inside the run directory only, and its SHA-256 is in build.json', () => {
    const archive = readFileSync(path.join(submissions, 'Quince.zip'));
    const quince = build.packages.find((p) => p.candidate === 'toy-03')!;
    expect([quince.archive, quince.archiveSha256]).toEqual([
      'Quince.zip',
      createHash('sha256').update(archive).digest('hex'),
    ]);
    expect(readdirSync(submissions).sort()).toEqual(['Kumquat', 'Quince.zip', 'Sloe', 'Tamarind']);
    expect(readdirSync(path.join(runDirectory, 'packages')).sort()).toEqual(['Quince', 'Quince.zip.sha256']);
    expect(build.packages.find((p) => p.candidate === 'toy-01')!.archive).toBeNull();
  });

  test('skipped and not-measurable folders are recorded with their reasons', () => {
    expect(build.packages.find((p) => p.candidate === 'toy-03')!.unmeasured.map((u) => [u.status, u.folder])).toEqual([
      ['skipped', 'Implementations/Additional_Implementation/ARMv8/Quince-512'],
      ['skipped', 'Implementations/Additional_Implementation/ASIC'],
      ['skipped', 'Implementations/Additional_Implementation/AVX512/Quince-512'],
    ]);
    expect(build.packages.find((p) => p.candidate === 'toy-05')!.unmeasured.map((u) => [u.status, u.folder])).toEqual([
      ['not-measurable', 'Implementations/Optimized_Implementation/Tamarind-512'],
    ]);
  });

  test('a package KAT file that disagrees with the official manifest is reported, the verdict still comes from the manifest', () => {
    const entry = build.instances.find((e) => e.instance === 'kumquat_768')!;
    expect(entry.kat).toBe('PASS');
    expect(entry.packageKatFiles).toEqual([
      expect.objectContaining({
        file: 'Test_Vectors/KAT_2_23_kumquat_768.txt',
        manifest: 'disagrees',
        generated: 'differs',
      }),
    ]);
    expect(page('toy-01')).toContain("The package's own KAT files disagree here");
  });

  test('pages give the official name, the versions measured in order, and what was not measured', () => {
    expect(page('toy-05')).toContain('# toy-05 Tamarind Hash Family');
    expect(page('toy-01')).toContain('Parameter sets: `kumquat_512`, `kumquat_768`, `kumquat_1024`');
    const quince = page('toy-03');
    expect(quince).toContain(
      'Implementation versions measured: Reference_Implementation, Optimized_Implementation/AVX2',
    );
    expect(quince).toContain(
      'Skipped: `Implementations/Additional_Implementation/ARMv8/Quince-512` (Additional_Implementation/ARMv8) — written for ARMv8; this host is x86-64',
    );
    expect(quince).toContain('Package: `Quince.zip` (SHA-256 ');
    expect(page('toy-05')).toContain('Not measurable: `Implementations/Optimized_Implementation/Tamarind-512`');
  });

  test('the run directory validates: KAT logs name the instance by its KAT name, pages regenerate byte for byte', async () => {
    const validation = await validateRunDirectory(runDirectory);
    expect(validation.valid ? 'valid' : validation.difference.message).toBe('valid');
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));
