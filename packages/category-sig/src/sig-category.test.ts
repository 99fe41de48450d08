import { describe, expect, test } from '@jest/globals';
import { operationIdentitySchema } from '@ngcc-perf/record';
import { SIG_CATEGORY } from './sig-category.js';

const toy = { name: 'Toy_SIG-1', parameters: {} };

describe('the signature category', () => {
  test('is recognised by the six sig_* functions of the official API', () => {
    expect(SIG_CATEGORY.api.symbols).toEqual(expect.arrayContaining(['sig_keygen', 'sig_sign', 'sig_verify']));
    expect(SIG_CATEGORY.api.symbols).toHaveLength(6);
  });

  test('signs and verifies one 64-byte message (guide §3.4.1); keygen takes no parameter', () => {
    const operations = SIG_CATEGORY.operations.list(toy);
    expect(operations.map((operation) => operation.name)).toEqual(['keygen', 'sign', 'verify']);
    expect(operations.map((operation) => SIG_CATEGORY.operations.driverParameters(operation))).toEqual([
      {},
      { messageBytes: '64' },
      { messageBytes: '64' },
    ]);
    expect(SIG_CATEGORY.operations.bytesPerCall(operations[2]!)).toBe(64);
    for (const operation of operations) expect(operationIdentitySchema.parse(operation)).toEqual(operation);
  });

  test('a sign without its message length is refused with the parameter named', () => {
    expect(() => SIG_CATEGORY.operations.driverParameters({ category: 'sig', name: 'sign', parameters: {} })).toThrow(
      /messageBytes must be a whole number/,
    );
  });

  test('a signature shorter than its getter agrees; its page shows both lengths', () => {
    expect(SIG_CATEGORY.kat.sizeSources?.find((source) => source.key === 'signature')).toMatchObject({
      getter: 'sig_get_sn_len_bytes',
      written: 'sn',
      mayBeShorter: true,
    });
    const [, sizes] = SIG_CATEGORY.pages.sections({
      instances: [toy],
      operations: [],
      counterTerm: 'cycles',
      sizes: {
        [toy.name]: [{ key: 'signature', label: 'signature', getterBytes: 40, writtenBytes: 32, agrees: true }],
      },
    });
    expect(sizes?.tables[0]?.rows).toEqual([['Toy_SIG-1', '—', '—', '40 (wrote 32)']]);
  });

  test('the §4 table shows the retried sign attempts where there were any, and says what they are', () => {
    const headline = { medianTicks: 5000, lowTicks: 4900, highTicks: 5100 };
    const sign = { category: 'sig', name: 'sign', parameters: { messageBytes: 64 } };
    const verify = { category: 'sig', name: 'verify', parameters: { messageBytes: 64 } };
    const [performance] = SIG_CATEGORY.pages.sections({
      instances: [toy],
      operations: [
        { instance: toy.name, operation: sign, headline, retries: { attempts: 72, calls: 1000 } },
        { instance: toy.name, operation: verify, headline, retries: { attempts: 0, calls: 1000 } },
      ],
      counterTerm: 'cycles',
    });
    expect(performance?.tables[0]?.headers).toEqual(['instance', 'operation', 'cycles/call', 'interval', 'retried']);
    expect(performance?.tables[0]?.rows.map((row) => row[4])).toEqual(['72 in 1000 calls', '0']);
    expect(performance?.paragraphs[0]).toMatch(/called again inside the timed call/);
    // One key pair and message for every trial: a deterministic signing with rejection repeats one attempt count.
    expect(performance?.paragraphs[0]).toMatch(
      /one draw of the attempt count rather than an average over keys and messages/,
    );
    const [quiet] = SIG_CATEGORY.pages.sections({
      instances: [toy],
      operations: [{ instance: toy.name, operation: verify, headline, retries: { attempts: 0, calls: 1000 } }],
      counterTerm: 'cycles',
    });
    expect(quiet?.tables[0]?.headers).toHaveLength(4);
  });

  test('ranks by sign and verify cycles, public key and signature bytes', () => {
    expect(SIG_CATEGORY.rankingMetrics.map((metric) => metric.id)).toEqual(['sign', 'verify', 'pk', 'signature']);
    expect(SIG_CATEGORY.manifestEntries(toy)).toEqual([{ file: 'KAT_SIG_Toy_SIG-1.txt', mode: 'strict' }]);
  });
});
