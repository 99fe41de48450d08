// The generic-form records of the run-kem fixture (a toy KEM's keygen, enc and dec) recompute from
// their trials; a record whose headline or spread disagrees with its trials names its file and field.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import { loadRunDirectory } from '../load-run-directory.js';
import { findOperationDerivedDifference } from './validate-operation-derived.js';

const fixture = fileURLToPath(new URL('../../test/fixtures/run-kem/', import.meta.url));
const RECORD = 'records/kem-99/ToyKEM__enc.json';
const scratch: string[] = [];
afterAll(() => {
  for (const directory of scratch) rmSync(directory, { recursive: true, force: true });
});

type Derived = { headline: Record<string, number>; [field: string]: unknown };

/** A copy of the fixture whose enc record's `derived` is changed by `edit`. */
function tampered(edit: (derived: Derived) => void): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'run-kem-tampered-'));
  scratch.push(directory);
  cpSync(fixture, directory, { recursive: true });
  const file = path.join(directory, RECORD);
  const record = JSON.parse(readFileSync(file, 'utf8')) as { derived: Derived };
  edit(record.derived);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return directory;
}

const check = async (directory: string) =>
  findOperationDerivedDifference(await loadRunDirectory(directory, { verifyDerived: false }), BUILT_IN_REGISTRY);

describe('validate recomputes generic-form (public-key) records from their trials', () => {
  it('accepts the records of the run-kem fixture as they were written', async () => {
    const dataset = await loadRunDirectory(fixture, { verifyDerived: false });
    expect(dataset.operationRecords).toHaveLength(6);
    expect(findOperationDerivedDifference(dataset, BUILT_IN_REGISTRY)).toBeNull();
  });

  it('names the file and derived.headline.medianCycles when the headline disagrees with the trials', async () => {
    const directory = tampered((derived) => {
      derived.headline.medianCycles = derived.headline.medianCycles! + 1;
    });
    expect(await check(directory)).toEqual({
      check: 'derived',
      file: RECORD,
      field: 'derived.headline.medianCycles',
      line: null,
      message: expect.stringMatching(
        /^records\/kem-99\/ToyKEM__enc\.json: field "derived\.headline\.medianCycles" is [\d.]+, but the trials give [\d.]+\./,
      ),
    });
  });

  it.each<[string, (derived: Derived) => void]>([
    ['headline.lowCycles', (derived) => void (derived.headline.lowCycles = derived.headline.lowCycles! / 2)],
    ['medianTrialCycles', (derived) => void (derived.medianTrialCycles = 1)],
    ['ciHighCycles', (derived) => void (derived.ciHighCycles = 1)],
  ])('names derived.%s when it disagrees with the trials', async (field, edit) => {
    expect(await check(tampered(edit))).toMatchObject({ file: RECORD, field: `derived.${field}` });
  });
});
