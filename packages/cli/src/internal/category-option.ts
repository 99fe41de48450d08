import type { Command } from 'commander';
import type { CategoryRegistry } from '@ngcc-perf/category';

/**
 * Adds `--category <module>` (repeatable) to a command: a JavaScript module whose default export
 * (or export `category`) is an algorithm category of one's own (`AlgorithmCategory` of
 * @ngcc-perf/category), registered after the built-in ones.
 * @example
 * withCategoryOption(program.command('validate')); // flags.category: string[]
 */
export function withCategoryOption(command: Command): Command {
  return command.option(
    '--category <module>',
    'a JavaScript module whose default export (or export "category") is an algorithm category of your own, registered after the built-in ones (repeatable)',
    (value: string, previous: string[]) => [...previous, value],
    [],
  );
}

/**
 * The `categories` option of the library call: `{}` without `--category` (the built-in registry),
 * else the built-in registry with the modules' categories (`registryWithModules` of @ngcc-perf/categories).
 * @throws `CategoryError` (`CATEGORY_MODULE`) naming a module that does not load or exports no category: exit 2
 * @example
 * await validateRunDirectory(directory, await categoriesOption(flags.category));
 */
export async function categoriesOption(modules: readonly string[]): Promise<{ categories?: CategoryRegistry }> {
  if (modules.length === 0) return {};
  const { registryWithModules } = await import('@ngcc-perf/categories');
  return { categories: await registryWithModules(modules) };
}
