import { createCategoryRegistry, type AlgorithmCategory, type CategoryRegistry } from '@ngcc-perf/category';
import { HASH_CATEGORY } from '@ngcc-perf/category-hash';
import { KEM_CATEGORY } from '@ngcc-perf/category-kem';
import { KEX_CATEGORY } from '@ngcc-perf/category-kex';
import { SIG_CATEGORY } from '@ngcc-perf/category-sig';

/**
 * The built-in categories, in the order pages show them: the one registration of a category
 * (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories). Adding a category is its module and one line here.
 */
export const BUILT_IN_CATEGORIES: readonly AlgorithmCategory[] = Object.freeze([
  HASH_CATEGORY,
  KEM_CATEGORY,
  SIG_CATEGORY,
  KEX_CATEGORY,
]);

/**
 * The registry of the built-in categories: what every package looks a category up in unless it
 * is handed another one.
 *
 * @example
 * ```ts
 * BUILT_IN_REGISTRY.get('hash').api.symbols; // ['CryptHash']
 * ```
 */
export const BUILT_IN_REGISTRY: CategoryRegistry = createCategoryRegistry(BUILT_IN_CATEGORIES);

/**
 * The built-in registry with categories of one's own after the built-in ones (a study script's,
 * a test's toy category), to hand to the packages that take a registry.
 *
 * @param categories - the extra categories
 * @returns the larger registry
 * @throws `CategoryError` of `@ngcc-perf/category` (`DUPLICATE_CATEGORY`, `INVALID_CATEGORY`)
 */
export function registryWith(...categories: AlgorithmCategory[]): CategoryRegistry {
  return categories.reduce((registry, category) => registry.with(category), BUILT_IN_REGISTRY);
}
