import { describe, expect, test } from '@jest/globals';
import { operationIdentitySchema } from '@ngcc-perf/record';
import { KEM_CATEGORY } from './kem-category.js';

const toy = { name: 'Toy_KEM-1', parameters: {} };

describe('the KEM category', () => {
  test('is recognised by the seven kem_* functions of the official API', () => {
    expect(KEM_CATEGORY.api.symbols).toHaveLength(7);
    expect(KEM_CATEGORY.api.symbols).toEqual(expect.arrayContaining(['kem_keygen', 'kem_enc', 'kem_dec']));
  });

  test('measures keygen, enc and dec with no driver parameters, as valid record identities', () => {
    const operations = KEM_CATEGORY.operations.list(toy);
    expect(operations.map((operation) => KEM_CATEGORY.operations.fileStem(operation))).toEqual([
      'keygen',
      'enc',
      'dec',
    ]);
    for (const operation of operations) {
      expect(operationIdentitySchema.parse(operation)).toEqual(operation);
      expect(KEM_CATEGORY.operations.driverParameters(operation)).toEqual({});
      expect(KEM_CATEGORY.operations.bytesPerCall(operation)).toBeNull();
    }
  });

  test('its KAT_KEM file is made by pk-kat, one strict manifest entry, sizes from the getters and what was written', () => {
    expect(KEM_CATEGORY.kat.producedBy).toBe('pk-kat');
    expect(KEM_CATEGORY.manifestEntries(toy)).toEqual([{ file: 'KAT_KEM_Toy_KEM-1.txt', mode: 'strict' }]);
    expect(KEM_CATEGORY.kat.sizeSources?.map((source) => source.getter)).toEqual([
      'kem_get_pk_len_bytes',
      'kem_get_sk_len_bytes',
      'kem_get_ct_len_bytes',
      'kem_get_ss_len_bytes',
    ]);
    expect(KEM_CATEGORY.sizes({ name: 'x', parameters: { pkBytes: 784 } }).slice(0, 2)).toEqual([
      { key: 'pk', label: 'public key', bytes: 784 },
      { key: 'sk', label: 'secret key', bytes: null },
    ]);
  });

  test('ranks by enc and dec cycles, public key and ciphertext bytes, per a stated security target', () => {
    expect(KEM_CATEGORY.rankingMetrics.map((metric) => metric.source)).toEqual([
      { operation: 'enc' },
      { operation: 'dec' },
      { size: 'pk' },
      { size: 'ct' },
    ]);
    expect(KEM_CATEGORY.securityTargetBits(toy)).toBeNull();
    expect(KEM_CATEGORY.securityTargetBits({ name: 'x', parameters: { securityBits: 128 } })).toBe(128);
  });

  test('its page has the per-operation table and the sizes table, a disagreement marked', () => {
    const [performance, sizes] = KEM_CATEGORY.pages.sections({
      instances: [toy],
      operations: KEM_CATEGORY.operations.list(toy).map((operation, i) => ({
        instance: toy.name,
        operation,
        headline: { medianTicks: 379200 + i, lowTicks: 379000, highTicks: 380000 },
      })),
      counterTerm: 'ticks',
      sizes: {
        [toy.name]: [
          { key: 'pk', label: 'public key', getterBytes: 32, writtenBytes: 32, agrees: true },
          { key: 'ct', label: 'ciphertext', getterBytes: 40, writtenBytes: 48, agrees: false },
        ],
      },
    });
    expect(performance?.tables[0]?.rows[0]).toEqual(['Toy_KEM-1', 'keygen', '379.2 k', '379.0 k – 380.0 k']);
    expect(sizes?.tables[0]?.headers).toEqual(['instance', 'public key', 'secret key', 'ciphertext', 'shared secret']);
    expect(sizes?.tables[0]?.rows).toEqual([['Toy_KEM-1', '32', '—', '40 (wrote 48 ≠)', '—']]);
    expect(sizes?.paragraphs[0]).toContain('1 size(s) disagree');
  });
});
