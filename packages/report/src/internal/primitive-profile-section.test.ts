// The public-key candidate page's table of the ICCS placeholder primitives (record
// `primitiveProfile`), on a record of test/fixtures/run-kem given a profile by hand: calls per
// operation and shares as the record says them, "own primitives" for a primitive the instance
// defines itself (never 0 %), "not called", the sum, and why an operation has no profile.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { operationRecordSchema, type OperationRecord, type PrimitiveProfile } from '@ngcc-perf/record';
import { buildPrimitiveProfileSection, primitiveProfileMethodSection } from './primitive-profile-section.js';
import type { TableBlock } from './report-model.js';

const RUN = fileURLToPath(new URL('../../test/fixtures/run-kem', import.meta.url));
const none = { sm3hash: 0, pseudohash: 0, pseudoXOF: 0, get_random_number: 0 };

function fixture(operation: string): OperationRecord {
  return operationRecordSchema.parse(
    JSON.parse(readFileSync(`${RUN}/records/kem-99/ToyKEM__${operation}.json`, 'utf8')),
  );
}

const profile: PrimitiveProfile = {
  command: ['ngcc-perf-driver', 'op-profile'],
  counter: { name: 'tsc', overheadTicks: 40 },
  iterations: 10,
  rounds: [{ cleanTicks: 1000, profiledTicks: 1010, insideTicks: none, timedCalls: none }],
  readFailures: 0,
  primitives: [
    { name: 'sm3hash', origin: 'instance', calls: 0, callsPerOperation: 0, share: null },
    { name: 'pseudohash', origin: 'driver', calls: 0, callsPerOperation: 0, share: 0 },
    { name: 'pseudoXOF', origin: 'driver', calls: 205, callsPerOperation: 20.5, share: 0.7412 },
    { name: 'get_random_number', origin: 'driver', calls: 20, callsPerOperation: 2, share: 0.0003 },
  ],
  sharesSum: 0.7415,
  probeOverheadRatio: 0.01,
  seconds: 0.2,
};

const label = (record: OperationRecord) => record.operation.name;

describe('buildPrimitiveProfileSection', () => {
  it('gives a table per operation: calls · share, own primitives, not called, the sum', () => {
    const keygen = { ...fixture('keygen'), primitiveProfile: profile };
    const dec = { ...fixture('dec'), primitiveProfile: null, primitiveProfileFailure: 'CHECKFAIL — kem_dec' };
    const section = buildPrimitiveProfileSection([keygen, dec], label)!;
    const tables = section.blocks.filter((block): block is TableBlock => block.kind === 'table');
    expect(tables.map((table) => table.headers[0])).toEqual(['keygen: instance', 'dec: instance']);
    expect(tables[0]!.rows[0]!.slice(1)).toEqual([
      ['own primitives'],
      ['not called'],
      ['20.50 calls · 74.1 %'],
      ['2 calls · < 0.1 %'],
      ['74.2 % (without its own primitives)'],
    ]);
    expect(tables[1]!.rows[0]!.slice(1)).toEqual([['—'], ['—'], ['—'], ['—'], ['not profiled']]);
    expect(JSON.stringify(section.blocks.at(-1))).toContain('CHECKFAIL — kem_dec');
  });

  it('says beside “not called” that a stripped library’s own unexported copy could not be looked for', async () => {
    const stripped = { ...fixture('enc'), primitiveProfile: { ...profile, symbolTable: 'stripped' as const } };
    const read = { ...fixture('dec'), primitiveProfile: { ...profile, symbolTable: 'read' as const } };
    const section = buildPrimitiveProfileSection([stripped, read], label)!;
    const tables = section.blocks.filter((block): block is TableBlock => block.kind === 'table');
    expect(tables[0]!.rows[0]![2]).toEqual(['not called (library stripped)']);
    expect(tables[1]!.rows[0]![2]).toEqual(['not called']);
    const text = JSON.stringify(section.blocks);
    expect(text).toContain('No symbol table could be read of the library of');
    expect(text).toContain(' enc (library stripped)');
    expect(text).not.toContain(' dec (library stripped)');
  });

  it('is left out when no record has a profile (a hash or a category without ICCS primitives)', () => {
    expect(buildPrimitiveProfileSection([fixture('enc')], label)).toBeNull();
    expect(primitiveProfileMethodSection([fixture('enc')])).toBeNull();
  });

  it('the method page says how it is measured and what the probes added', () => {
    const text = JSON.stringify(primitiveProfileMethodSection([{ ...fixture('enc'), primitiveProfile: profile }]));
    expect(text).toContain('op-profile');
    expect(text).toContain('the probes added 1.0 % to the counted batches');
  });
});
