import { describe, expect, test } from '@jest/globals';
import { recordOperation } from '@ngcc-perf/record';
import { HASH_CATEGORY } from './hash-category.js';

const sm3 = { name: 'sm3', parameters: { digestBits: 256 } };

describe('the hash category', () => {
  test('is recognised by CryptHash alone', () => {
    expect(HASH_CATEGORY.api.symbols).toEqual(['CryptHash']);
  });

  test('measures one operation per guide message length, named as hash records name them', () => {
    const operations = HASH_CATEGORY.operations.list(sm3);
    expect(operations.map((operation) => HASH_CATEGORY.operations.fileStem(operation))).toEqual([
      'hash_32',
      'hash_128',
      'hash_512',
      'hash_1024',
      'hash_4096',
      'hash_8192',
      'hash_16384',
      'hash_65536',
    ]);
    expect(operations[1]).toEqual(recordOperation({ operation: 'hash', messageBytes: 128, digestBits: 256 }));
    expect(HASH_CATEGORY.operations.driverParameters(operations[1]!)).toEqual({
      digestBits: '256',
      messageBytes: '128',
    });
    expect(HASH_CATEGORY.operations.bytesPerCall(operations[7]!)).toBe(65536);
  });

  test('a hash operation without its message length is refused with the parameter named', () => {
    expect(() => HASH_CATEGORY.operations.fileStem({ category: 'hash', name: 'hash', parameters: {} })).toThrow(
      /digestBits must be a whole number/,
    );
  });

  test('writes KAT_2_12 records as KAT_CryptHash.c does (SM3 of the empty message)', () => {
    const record = {
      index: 0,
      fields: [
        { name: 'Msg_Len', value: '0' },
        { name: 'Msg', value: '' },
        { name: 'Dst_Len', value: '256' },
        { name: 'Dst', value: '1AB21D8355CFA17F8E61194831E81A8F22BEC8C728FEFB747ED035EB5082AA2B' },
      ],
    };
    const text = HASH_CATEGORY.kat.formatFile('KAT_2_12', [record]);
    expect(text).toBe(
      'Msg_Len = 0\nMsg = \nDst_Len = 256\nDst = 1AB21D8355CFA17F8E61194831E81A8F22BEC8C728FEFB747ED035EB5082AA2B\n\n',
    );
    expect(HASH_CATEGORY.kat.parseFile('KAT_2_12', text)).toEqual([record]);
  });

  test('lists the default KAT files as strict manifest entries, and no item (6) sizes', () => {
    expect(HASH_CATEGORY.manifestEntries(sm3)).toEqual([
      { file: 'KAT_2_12_sm3.txt', mode: 'strict' },
      { file: 'KAT_2_23_sm3.txt', mode: 'strict' },
    ]);
    expect(HASH_CATEGORY.sizes(sm3)).toEqual([]);
  });

  test('ranks per security target: 256-bit digests serve 128 bits', () => {
    expect(HASH_CATEGORY.securityTargetBits(sm3)).toBe(128);
    expect(HASH_CATEGORY.securityTargetBits({ name: 'x', parameters: { digestBits: 384 } })).toBeNull();
    expect(HASH_CATEGORY.rankingMetrics.map((metric) => metric.label).slice(0, 2)).toEqual([
      'cycles @ 32 B',
      'cycles @ 128 B',
    ]);
  });

  test('its page section gives the headline per call and per byte', () => {
    const [section] = HASH_CATEGORY.pages.sections({
      instances: [sm3],
      operations: [
        {
          instance: 'sm3',
          operation: HASH_CATEGORY.operations.list(sm3)[0]!,
          headline: { medianTicks: 640, lowTicks: 600, highTicks: 700 },
        },
      ],
      counterTerm: 'ticks',
    });
    expect(section?.tables[0]?.rows).toEqual([['sm3', '32', '640', '20.00']]);
  });
});
