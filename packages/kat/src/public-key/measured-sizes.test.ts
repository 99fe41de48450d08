import { describe, expect, it } from '@jest/globals';
import type { CategorySizeSource } from '@ngcc-perf/category';
import { measuredSizes } from './measured-sizes.js';

// The key sizes of a key exchange as its category declares them: either side's output.
const KEX_KEYS: readonly CategorySizeSource[] = [
  {
    key: 'pk',
    label: 'public key (each side)',
    getter: 'kex_get_pk_len_bytes',
    written: ['pka', 'pkb'],
    mayBeShorter: false,
  },
  {
    key: 'sk',
    label: 'secret key (each side)',
    getter: 'kex_get_sk_len_bytes',
    written: ['ska', 'skb'],
    mayBeShorter: false,
  },
];

describe('measuredSizes', () => {
  it("takes a key exchange's key sizes from the side that has a long-term key (the other wrote 0 bytes)", () => {
    // A protocol authenticating the responder alone: the initiator's init writes no key.
    const sizes = measuredSizes(
      KEX_KEYS,
      { kex_get_pk_len_bytes: 800, kex_get_sk_len_bytes: 1600, kex_get_ss_len_bytes: 32 },
      {
        pka: { min: 0, max: 0 },
        pkb: { min: 800, max: 800 },
        ska: { min: 0, max: 0 },
        skb: { min: 1600, max: 1600 },
        ssa: { min: 32, max: 32 },
      },
    );
    expect(sizes.find((size) => size.key === 'pk')).toMatchObject({
      getterBytes: 800,
      writtenBytes: 800,
      agrees: true,
    });
    expect(sizes.find((size) => size.key === 'sk')).toMatchObject({
      getterBytes: 1600,
      writtenBytes: 1600,
      agrees: true,
    });
  });

  it('still marks a key longer than its getter on either side, and null when no call wrote it', () => {
    const sizes = measuredSizes(
      KEX_KEYS,
      { kex_get_pk_len_bytes: 800 },
      { pka: { min: 800, max: 800 }, pkb: { min: 832, max: 832 } },
    );
    expect(sizes.find((size) => size.key === 'pk')).toMatchObject({ writtenBytes: 832, agrees: false });
    expect(sizes.find((size) => size.key === 'sk')).toMatchObject({ writtenBytes: null, agrees: null });
  });
});
