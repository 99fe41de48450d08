import type { AlgorithmCategory } from './algorithm-category.js';
import { CategoryError } from './category-error.js';

const CATEGORY_ID = /^[a-z][a-z0-9-]*$/;

/** The categories a run knows, by id. Immutable: {@link CategoryRegistry.with} makes a larger one. */
export interface CategoryRegistry {
  /** Every category, in registration order. */
  list(): readonly AlgorithmCategory[];
  /** The category `id`, or undefined. */
  find(id: string): AlgorithmCategory | undefined;
  /**
   * The category `id`.
   *
   * @throws {@link CategoryError} `UNKNOWN_CATEGORY` naming the known ids
   */
  get(id: string): AlgorithmCategory;
  /**
   * The categories whose every API symbol is among `definedSymbols` (the library's `nm -D
   * --defined-only` names): none, one, or — for a library that defines two APIs — several.
   */
  ofSymbols(definedSymbols: Iterable<string>): readonly AlgorithmCategory[];
  /**
   * A registry with `category` added after these.
   *
   * @throws {@link CategoryError} `DUPLICATE_CATEGORY` when the id is taken, `INVALID_CATEGORY`
   *   when the id is not a lower-case word or the category names no API symbol or operation
   */
  with(category: AlgorithmCategory): CategoryRegistry;
}

function checkCategory(category: AlgorithmCategory, known: readonly AlgorithmCategory[]): void {
  if (!CATEGORY_ID.test(category.id)) {
    throw new CategoryError(
      'INVALID_CATEGORY',
      `category id "${category.id}" is not a lower-case word: use letters, digits and hyphens, starting with a letter (e.g. "kem").`,
    );
  }
  if (category.api.symbols.length === 0) {
    throw new CategoryError(
      'INVALID_CATEGORY',
      `category "${category.id}" names no API symbol: list the symbols a library of it defines (api.symbols), so that nm can decide.`,
    );
  }
  if (known.some((other) => other.id === category.id)) {
    throw new CategoryError(
      'DUPLICATE_CATEGORY',
      `category "${category.id}" is registered twice: give the second one another id, or leave it out.`,
    );
  }
}

/**
 * A registry of the given categories (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories). The built-in ones are
 * `BUILT_IN_CATEGORIES` of `@ngcc-perf/categories`; a script or a test adds its own with
 * {@link CategoryRegistry.with}, and hands the registry to the packages that take one.
 *
 * @param categories - the categories, each id once
 * @returns the registry
 * @throws {@link CategoryError} as {@link CategoryRegistry.with}
 * @example
 * ```ts
 * const registry = createCategoryRegistry([hashCategory]);
 * registry.ofSymbols(['CryptHash', 'main']).map((category) => category.id); // ['hash']
 * ```
 */
export function createCategoryRegistry(categories: readonly AlgorithmCategory[]): CategoryRegistry {
  const all: AlgorithmCategory[] = [];
  for (const category of categories) {
    checkCategory(category, all);
    all.push(category);
  }
  const frozen = Object.freeze([...all]);
  return {
    list: () => frozen,
    find: (id) => frozen.find((category) => category.id === id),
    get(id) {
      const category = frozen.find((candidate) => candidate.id === id);
      if (category === undefined) {
        throw new CategoryError(
          'UNKNOWN_CATEGORY',
          `no category "${id}": the known ones are ${frozen.map((known) => `"${known.id}"`).join(', ') || 'none'}; register it first (createCategoryRegistry or registry.with).`,
        );
      }
      return category;
    },
    ofSymbols(definedSymbols) {
      const defined = new Set(definedSymbols);
      return frozen.filter((category) => category.api.symbols.every((symbol) => defined.has(symbol)));
    },
    with: (category) => createCategoryRegistry([...frozen, category]),
  };
}
