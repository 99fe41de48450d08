import type { AlgorithmCategory } from '@ngcc-perf/category';

/**
 * True for the hash category, whose instances the engine still takes through the driver's
 * dedicated hash subcommands (`time`, `kat`, `memory`, `count`, `ct-*`) and records in the hash
 * form (`operation: "hash"`, `messageBytes`, `digestBits`; @ngcc-perf/record/docs/RUN-DIRECTORY.md), so
 * that hash records, KAT logs and pages stay what they were. Every other category goes through the
 * generic path: `op-kat`/`runCategoryKat`, `op-time`/`measureOperation({ operation })`, generic records.
 * The one place the engine tells the two apart.
 * @example
 * if (usesHashForm(operation.category)) return assembleRecord(…);
 */
export function usesHashForm(category: Pick<AlgorithmCategory, 'id'>): boolean {
  return category.id === 'hash';
}
