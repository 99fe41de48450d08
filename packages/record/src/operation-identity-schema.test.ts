import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { operationIdentitySchema, recordOperation } from './operation-identity-schema.js';
import { anyRecordSchema, operationRecordSchema, timingRecordSchema } from './record-schema.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures');
const hashRecord = JSON.parse(readFileSync(path.join(fixtures, 'hash-form-record.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** The hash record turned into the generic form of a toy category: same figures, another operation. */
function genericRecord(): Record<string, unknown> {
  const rest = { ...hashRecord };
  delete rest.messageBytes;
  delete rest.digestBits;
  return { ...rest, operation: { category: 'toy-fof', name: 'eval', parameters: { inputBytes: 64 } } };
}

describe('the operation identity of a record', () => {
  test('a hash record reads as it always did, and its identity names the hash category', () => {
    const record = timingRecordSchema.parse(hashRecord);
    expect(anyRecordSchema.parse(hashRecord)).toEqual(record);
    expect(recordOperation(record)).toEqual({
      category: 'hash',
      name: 'hash',
      parameters: { digestBits: record.digestBits, messageBytes: record.messageBytes },
    });
  });

  test('a parsed hash record keeps its fields in the order the contract has always given them', () => {
    // What a renderer serialises from a parsed record: the operation fields right after `flags`.
    expect(Object.keys(timingRecordSchema.parse(hashRecord)).slice(0, 11)).toEqual([
      'format',
      'candidate',
      'algorithm',
      'instance',
      'variant',
      'flags',
      'operation',
      'messageBytes',
      'digestBits',
      'kat',
      'katLog',
    ]);
  });

  test('a record of another category carries its identity and no hash fields', () => {
    const record = operationRecordSchema.parse(genericRecord());
    expect(recordOperation(record)).toEqual({ category: 'toy-fof', name: 'eval', parameters: { inputBytes: 64 } });
    expect(anyRecordSchema.parse(genericRecord())).toMatchObject({ operation: { category: 'toy-fof' } });
    expect(timingRecordSchema.safeParse(genericRecord()).success).toBe(false);
  });

  test('an operation given as a bare text other than hash is refused', () => {
    expect(anyRecordSchema.safeParse({ ...genericRecord(), operation: 'enc' }).success).toBe(false);
  });

  test('category ids and operation names are lower-case words', () => {
    expect(operationIdentitySchema.safeParse({ category: 'KEM', name: 'enc', parameters: {} }).success).toBe(false);
    expect(operationIdentitySchema.safeParse({ category: 'kem', name: 'enc', parameters: {} }).success).toBe(true);
  });
});
