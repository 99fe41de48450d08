import { describe, expect, test } from '@jest/globals';
import type { AlgorithmCategory } from '@ngcc-perf/category';
import { HASH_CATEGORY } from '@ngcc-perf/category-hash';
import { BUILT_IN_REGISTRY, registryWith } from './built-in-categories.js';

describe('the built-in categories', () => {
  test('hash is registered, and found by the symbol its libraries define', () => {
    expect(BUILT_IN_REGISTRY.get('hash')).toBe(HASH_CATEGORY);
    expect(BUILT_IN_REGISTRY.ofSymbols(['CryptHash'])).toEqual([HASH_CATEGORY]);
  });

  test('kem, sig and kex are registered after hash, each found by the functions its libraries define', () => {
    expect(BUILT_IN_REGISTRY.list().map((category) => category.id)).toEqual(['hash', 'kem', 'sig', 'kex']);
    for (const id of ['kem', 'sig', 'kex']) {
      const category = BUILT_IN_REGISTRY.get(id);
      expect(BUILT_IN_REGISTRY.ofSymbols([...category.api.symbols, 'drng_algorithm'])).toEqual([category]);
      expect(category.kat.producedBy).toBe('pk-kat');
    }
  });

  test('a category of our own joins them without changing the built-in registry', () => {
    const toy: AlgorithmCategory = {
      ...HASH_CATEGORY,
      id: 'toy-fof',
      api: { symbols: ['fof_eval'], instanceHeaderMacros: {} },
    };
    const registry = registryWith(toy);
    expect(registry.list().map((category) => category.id)).toEqual(['hash', 'kem', 'sig', 'kex', 'toy-fof']);
    expect(registry.ofSymbols(['fof_eval']).map((category) => category.id)).toEqual(['toy-fof']);
    expect(BUILT_IN_REGISTRY.find('toy-fof')).toBeUndefined();
    expect(() => registryWith(HASH_CATEGORY)).toThrow(/registered twice/);
  });
});
