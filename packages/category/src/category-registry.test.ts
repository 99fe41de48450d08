import { describe, expect, test } from '@jest/globals';
import type { AlgorithmCategory } from './algorithm-category.js';
import { isCategoryError } from './category-error.js';
import { createCategoryRegistry } from './category-registry.js';
import { formatKeyValueKat, parseKeyValueKat } from './key-value-kat.js';

/** A minimal category of our own: a library of it defines `toy_a` and `toy_b`. */
function toyCategory(id: string, symbols: string[] = ['toy_a', 'toy_b']): AlgorithmCategory {
  return {
    id,
    driver: { kind: 'built-in' },
    api: { symbols, instanceHeaderMacros: {} },
    operations: {
      list: () => [{ category: id, name: 'run', parameters: {} }],
      driverParameters: () => ({}),
      fileStem: (operation) => operation.name,
      label: (operation) => operation.name,
      bytesPerCall: () => null,
    },
    kat: { kinds: [], producedBy: 'op-kat', formatFile: () => '', parseFile: () => [] },
    manifestEntries: () => [],
    sizes: () => [],
    pages: { title: id, sections: () => [] },
    rankingMetrics: [],
    securityTargetBits: () => null,
  };
}

describe('createCategoryRegistry', () => {
  test('finds a category by id and by the symbols a library defines', () => {
    const registry = createCategoryRegistry([toyCategory('toy'), toyCategory('other', ['other_x'])]);
    expect(registry.get('toy').id).toBe('toy');
    expect(registry.find('kem')).toBeUndefined();
    expect(registry.ofSymbols(['main', 'toy_b', 'toy_a']).map((category) => category.id)).toEqual(['toy']);
    expect(registry.ofSymbols(['toy_a']).map((category) => category.id)).toEqual([]);
  });

  test('an unknown id names the known ones', () => {
    const registry = createCategoryRegistry([toyCategory('toy')]);
    expect(() => registry.get('kem')).toThrow(/no category "kem": the known ones are "toy"/);
  });

  test('with() adds a category without changing the registry it came from', () => {
    const base = createCategoryRegistry([toyCategory('toy')]);
    const larger = base.with(toyCategory('fof', ['fof_eval']));
    expect(larger.list().map((category) => category.id)).toEqual(['toy', 'fof']);
    expect(base.list().map((category) => category.id)).toEqual(['toy']);
  });

  test('a second category of the same id, a bad id or no symbols is refused', () => {
    const base = createCategoryRegistry([toyCategory('toy')]);
    const codes = [
      () => base.with(toyCategory('toy')),
      () => base.with(toyCategory('Toy')),
      () => base.with(toyCategory('empty', [])),
    ].map((add) => {
      try {
        add();
        return 'none';
      } catch (error) {
        return isCategoryError(error) ? error.code : 'other';
      }
    });
    expect(codes).toEqual(['DUPLICATE_CATEGORY', 'INVALID_CATEGORY', 'INVALID_CATEGORY']);
  });
});

describe('the Name = value KAT layout', () => {
  const records = [
    {
      index: 0,
      fields: [
        { name: 'Count', value: '0' },
        { name: 'In', value: '' },
        { name: 'Out', value: '0007' },
      ],
    },
    {
      index: 1,
      fields: [
        { name: 'Count', value: '1' },
        { name: 'In', value: '00' },
        { name: 'Out', value: '0108' },
      ],
    },
  ];

  test('is written one field a line, a blank line after each record, and read back', () => {
    const text = formatKeyValueKat(records);
    expect(text).toBe('Count = 0\nIn = \nOut = 0007\n\nCount = 1\nIn = 00\nOut = 0108\n\n');
    expect(parseKeyValueKat(text)).toEqual(records);
    expect(parseKeyValueKat(text.replace(/\n/g, '\r\n'))).toEqual(records);
  });

  test('a line that is no field names the file and line', () => {
    expect(() => parseKeyValueKat('Count = 0\ngarbage\n', 'KAT_FOF_toy.txt')).toThrow(
      /KAT_FOF_toy.txt line 2: expected "<name> = <value>"/,
    );
  });
});
