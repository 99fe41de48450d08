import { describe, expect, test } from '@jest/globals';
import { operationIdentitySchema } from '@ngcc-perf/record';
import { KEX_CATEGORY } from './kex-category.js';

describe('the key-exchange category', () => {
  test('is recognised by the functions every protocol defines, pass 2 and 3 left to the protocol', () => {
    expect(KEX_CATEGORY.api.symbols).toContain('kex_generate_pass1_msg_a');
    expect(KEX_CATEGORY.api.symbols).not.toContain('kex_generate_pass3_msg_a');
  });

  test('times the whole exchange and each step, as many passes as the protocol has', () => {
    const names = (passes?: number) =>
      KEX_CATEGORY.operations
        .list({ name: 'toy', parameters: passes === undefined ? {} : { passes } })
        .map((operation) => KEX_CATEGORY.operations.fileStem(operation));
    expect(names(3)).toEqual(['exchange', 'init_a', 'init_b', 'pass1', 'pass2', 'pass3', 'derive_a', 'derive_b']);
    expect(names(2)).toEqual(['exchange', 'init_a', 'init_b', 'pass1', 'pass2', 'derive_a', 'derive_b']);
    expect(names()).toEqual(names(2));
    expect(names(4)).toContain('pass4');
    expect(names(7)).toEqual(names(2));
    for (const operation of KEX_CATEGORY.operations.list({ name: 'toy', parameters: { passes: 3 } })) {
      expect(operationIdentitySchema.parse(operation)).toEqual(operation);
      expect(KEX_CATEGORY.operations.driverParameters(operation)).toEqual({});
    }
  });

  test('report item (6) has each message, the total against its getter, keys, secret and bandwidth', () => {
    expect(KEX_CATEGORY.kat.sizeSources?.map((source) => source.key)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'messages',
      'pk',
      'sk',
      'ss',
      'bandwidth',
    ]);
    // Keys are read from both sides: one side of a protocol may have no long-term key.
    const written = (key: string) => KEX_CATEGORY.kat.sizeSources?.find((source) => source.key === key)?.written;
    expect([written('pk'), written('sk')]).toEqual([
      ['pka', 'pkb'],
      ['ska', 'skb'],
    ]);
    expect(KEX_CATEGORY.rankingMetrics.map((metric) => metric.source)).toEqual([
      { operation: 'exchange' },
      { size: 'bandwidth' },
    ]);
  });

  test('its page labels the steps as the published pages do', () => {
    const instance = { name: 'toy', parameters: { passes: 2 } };
    const [performance] = KEX_CATEGORY.pages.sections({
      instances: [instance],
      operations: KEX_CATEGORY.operations.list(instance).map((operation) => ({
        instance: 'toy',
        operation,
        headline: null,
      })),
      counterTerm: 'cycles',
    });
    expect(performance?.tables[0]?.rows.map((row) => row[1])).toEqual([
      'exchange',
      'init_a',
      'init_b',
      'pass1',
      'pass2',
      'derive_a',
      'derive_b',
    ]);
    expect(performance?.tables[0]?.rows[0]).toEqual(['toy', 'exchange', '—', '—']);
  });
});
