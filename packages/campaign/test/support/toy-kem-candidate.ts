// The toy KEMs of native/testlibs (built by native/ into $NGCC_PERF_NATIVE_BUILD/testlibs) as intake
// would give a prebuilt public-key candidate: category kem, no manifest, one instance. One place for
// the set-up the public-key campaign tests share.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe } from '@jest/globals';
import type { CampaignCandidate } from '../../src/index.js';

/** The folder of the test libraries native/ builds (`testlibs` under `NGCC_PERF_NATIVE_BUILD`). */
export const TESTLIBS_DIRECTORY = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');

/**
 * The path of a test library of native/testlibs.
 *
 * @param stem - the library's name without `lib` and `.so` (`pk_toy_kem`)
 * @returns `<TESTLIBS_DIRECTORY>/lib<stem>.so`
 * @example
 * testlibPath('pk_toy_kem'); // …/testlibs/libpk_toy_kem.so
 */
export function testlibPath(stem: string): string {
  return path.join(TESTLIBS_DIRECTORY, `lib${stem}.so`);
}

/**
 * `describe` when the test library `stem` was built, else `describe.skip` (native/ not built).
 *
 * @param stem - the library's name without `lib` and `.so`
 * @returns the describe to use
 * @example
 * describeWithTestlib('pk_toy_kem')('memory per operation', () => { … });
 */
export function describeWithTestlib(stem: string): typeof describe | typeof describe.skip {
  return existsSync(testlibPath(stem)) ? describe : describe.skip;
}

/**
 * A temporary folder for one test file's runs, removed after its tests.
 *
 * @param prefix - the folder name's prefix (`ngcc-perf-pk-memory-`)
 * @returns the folder's absolute path
 * @example
 * const work = temporaryWorkDirectory('ngcc-perf-pk-memory-');
 */
export function temporaryWorkDirectory(prefix: string): string {
  const work = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  return work;
}

/** What names a toy KEM candidate: its id, algorithm, instance and library. */
export interface ToyKemCandidateOptions {
  /** Candidate id (`kem-99`). */
  id: string;
  /** Instance name, also its KAT name (`ToyKEM`). */
  instance: string;
  /** The library of native/testlibs, without `lib` and `.so` (`pk_toy_kem`). */
  library: string;
  /** Algorithm name (default: the instance name). */
  algorithm?: string;
}

/**
 * A prebuilt toy KEM as intake would give it: category kem, variant reference, no manifest, one
 * instance whose library is a test library of native/testlibs.
 *
 * @param options - id, instance, library, algorithm
 * @returns the candidate for `runCampaign`
 * @example
 * toyKemCandidate({ id: 'kem-99', instance: 'ToyKEM', library: 'pk_toy_kem' });
 */
export function toyKemCandidate(options: ToyKemCandidateOptions): CampaignCandidate {
  const { id, instance, library, algorithm = instance } = options;
  return {
    id,
    algorithm,
    category: 'kem',
    variant: 'reference',
    directory: TESTLIBS_DIRECTORY,
    manifestPath: null,
    instances: [prebuiltInstance(instance, library)],
    unmeasured: [],
    origin: null,
  };
}

/**
 * One instance of a prebuilt test library of native/testlibs as intake would give it: variant
 * reference, its name as its KAT name, no sources, parameters, defines or flags of its own.
 *
 * @param name - instance name and KAT name (`pk_ct_kem_branch`)
 * @param library - the library of native/testlibs, without `lib` and `.so` (default: the name)
 * @param category - its category id (default `kem`)
 * @returns the instance for a `CampaignCandidate`
 * @example
 * prebuiltInstance('pk_ct_kex_clean', 'pk_ct_kex_clean', 'kex');
 */
export function prebuiltInstance(
  name: string,
  library: string = name,
  category = 'kem',
): CampaignCandidate['instances'][number] {
  return {
    name,
    category,
    katName: name,
    parameters: {},
    variant: 'reference',
    xofName: null,
    sourcePaths: [],
    includeDirPaths: [],
    prebuiltLibraryPath: testlibPath(library),
    versionLabel: null,
    katFilePaths: [],
    addedSources: [],
    patchPath: null,
    defines: {},
    cFlags: [],
  };
}
