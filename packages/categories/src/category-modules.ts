import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CategoryError, type AlgorithmCategory, type CategoryRegistry } from '@ngcc-perf/category';
import { registryWith } from './built-in-categories.js';

/** What a module's category must have, each the seam's question (`AlgorithmCategory` of @ngcc-perf/category). */
const REQUIRED: readonly (readonly [keyof AlgorithmCategory, 'string' | 'object' | 'function'])[] = [
  ['id', 'string'],
  ['driver', 'object'],
  ['api', 'object'],
  ['operations', 'object'],
  ['kat', 'object'],
  ['manifestEntries', 'function'],
  ['sizes', 'function'],
  ['pages', 'object'],
  ['rankingMetrics', 'object'],
  ['securityTargetBits', 'function'],
];

function moduleError(file: string, problem: string, cause?: unknown): CategoryError {
  return new CategoryError(
    'CATEGORY_MODULE',
    `category module ${file}: ${problem}. Give a JavaScript module whose default export (or named export "category") is an AlgorithmCategory of @ngcc-perf/category.`,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * The category a module exports: its default export, else its named export `category`.
 *
 * @param file - the module's path, as the user gave it (resolved from the working directory)
 * @returns the category, its fields checked against the seam's (not its behaviour)
 * @throws {@link CategoryError} `CATEGORY_MODULE` naming the path and what it lacked: the module
 *   does not load, exports neither, or the export misses a field (`operations`, `kat`, …)
 * @example
 * ```ts
 * (await loadCategoryModule('my-category.mjs')).id; // 'fof'
 * ```
 */
export async function loadCategoryModule(file: string): Promise<AlgorithmCategory> {
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(path.resolve(file)).href)) as Record<string, unknown>;
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw moduleError(file, `does not load (${why})`, error);
  }
  const exported = loaded.default ?? loaded.category;
  if (exported === null || typeof exported !== 'object') {
    const names = Object.keys(loaded).filter((name) => name !== 'default');
    throw moduleError(
      file,
      `exports no category (no default export and no export "category"; its exports: ${names.join(', ') || 'none'})`,
    );
  }
  const candidate = exported as Record<string, unknown>;
  const missing = REQUIRED.filter(([field, type]) => typeof candidate[field] !== type).map(([field]) => field);
  if (missing.length > 0) throw moduleError(file, `its export is no AlgorithmCategory: it lacks ${missing.join(', ')}`);
  return candidate as unknown as AlgorithmCategory;
}

/**
 * The built-in registry with the categories of the given modules after the built-in ones, in the
 * order given (`ngcc-perf run --category PATH`, repeatable); the built-in registry itself for none.
 *
 * @param files - paths of JavaScript modules, each exporting one category ({@link loadCategoryModule})
 * @returns the registry
 * @throws {@link CategoryError} `CATEGORY_MODULE` ({@link loadCategoryModule}); `DUPLICATE_CATEGORY`
 *   or `INVALID_CATEGORY` from `registryWith`, the path named
 * @example
 * ```ts
 * (await registryWithModules(['fof.mjs'])).list().map((c) => c.id); // ['hash', 'kem', 'sig', 'kex', 'fof']
 * ```
 */
export async function registryWithModules(files: readonly string[]): Promise<CategoryRegistry> {
  const categories: AlgorithmCategory[] = [];
  for (const file of files) categories.push(await loadCategoryModule(file));
  try {
    return registryWith(...categories);
  } catch (error) {
    if (!(error instanceof CategoryError)) throw error;
    throw new CategoryError(error.code, `category modules ${files.join(', ')}: ${error.message}`, { cause: error });
  }
}
