import {
  formatTicks,
  type AlgorithmCategory,
  type CategoryPageInput,
  type CategoryRegistry,
} from '@ngcc-perf/category';
import { BUILT_IN_REGISTRY } from '@ngcc-perf/categories';
import type { BuildInstance, OperationRecord } from '@ngcc-perf/record';
import { formatOpsPerSecond, formatSeconds } from '@ngcc-perf/stats';
import { trialShape } from './internal/performance-section.js';
import type { Dataset, DatasetOperationRecord } from './dataset.js';
import { ReportError } from './report-error.js';

/** The instances of one category other than hash in a run directory, with their generic-form records. */
export interface CategoryDataset {
  category: AlgorithmCategory;
  /** build.json's instances of the category, in build.json order. */
  instances: BuildInstance[];
  /** Their records, sorted by file. */
  records: DatasetOperationRecord[];
}

/** The id of the category whose pages are the report's own (the hash pages of the published layout); every other category's pages are its module's. */
export const HASH_PAGES_CATEGORY = 'hash';

/**
 * Splits a dataset by category: the hash instances with their hash-form records (what every hash
 * page renders, unchanged), and one {@link CategoryDataset} per other category, in the registry's
 * order, whose pages its category module says (`pages`).
 *
 * @param dataset - one run directory
 * @param categories - the registry holding every category of build.json (default `BUILT_IN_REGISTRY` of @ngcc-perf/categories)
 * @returns `hash`: the dataset with hash instances only; `others`: the rest by category
 * @throws {@link ReportError} `INVALID_BUILD` when build.json names a category the registry does not hold
 * @example
 * ```ts
 * const { hash, others } = splitByCategory(dataset, BUILT_IN_REGISTRY);
 * ```
 */
export function splitByCategory(
  dataset: Dataset,
  categories: CategoryRegistry = BUILT_IN_REGISTRY,
): { hash: Dataset; others: CategoryDataset[] } {
  const instances = dataset.build.instances;
  if (instances.every((entry) => entry.category === HASH_PAGES_CATEGORY)) return { hash: dataset, others: [] };
  for (const entry of instances) {
    if (categories.find(entry.category) === undefined)
      throw new ReportError(
        'INVALID_BUILD',
        `build.json: instance ${entry.candidate}/${entry.instance} has category "${entry.category}", which is not registered (known: ${categories
          .list()
          .map((category) => category.id)
          .join(', ')}). Render with the registry that holds it (registryWith of @ngcc-perf/categories).`,
        { file: 'build.json', field: 'instances.category' },
      );
  }
  const hash: Dataset = {
    ...dataset,
    build: { ...dataset.build, instances: instances.filter((entry) => entry.category === HASH_PAGES_CATEGORY) },
  };
  delete hash.operationRecords;
  const others = categories
    .list()
    .filter((category) => category.id !== HASH_PAGES_CATEGORY)
    .map((category) => ({
      category,
      instances: instances.filter((entry) => entry.category === category.id),
      records: (dataset.operationRecords ?? []).filter(({ record }) => record.operation.category === category.id),
    }))
    .filter((group) => group.instances.length > 0);
  return { hash, others };
}

/**
 * The records of a category's instances (all, or one candidate's) in page order: instances in
 * build.json order, each instance's operations in its category's order (`operations.list`:
 * keygen, enc, dec), not the order of their file names.
 *
 * @example
 * ```ts
 * orderedRecords(group, 'kem-02').map(({ file }) => file); // […Amoeba128__keygen.json, …Amoeba128__enc.json, …]
 * ```
 */
export function orderedRecords(group: CategoryDataset, candidate: string | null): DatasetOperationRecord[] {
  const rank = new Map<string, number>();
  group.instances.forEach((entry, index) => {
    if (candidate !== null && entry.candidate !== candidate) return;
    const operations = group.category.operations.list({ name: entry.instance, parameters: entry.parameters ?? {} });
    operations.forEach((operation, at) =>
      rank.set(
        `${entry.candidate}/${entry.instance}/${group.category.operations.fileStem(operation)}`,
        index * 1e6 + at,
      ),
    );
    rank.set(`${entry.candidate}/${entry.instance}`, index * 1e6 + operations.length);
  });
  const rankOf = ({ record }: DatasetOperationRecord) =>
    rank.get(`${record.candidate}/${record.instance}/${group.category.operations.fileStem(record.operation)}`) ??
    rank.get(`${record.candidate}/${record.instance}`);
  return group.records
    .filter((entry) => rankOf(entry) !== undefined)
    .sort((a, b) => rankOf(a)! - rankOf(b)! || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The record's other item (4) figures, formatted as every page writes them; null when not measured. */
function itemFourCells(record: OperationRecord): CategoryPageInput['operations'][number]['cells'] {
  if (record.status !== 'complete') return null;
  const { derived } = record;
  return {
    meanTicks: formatTicks(derived.meanCycles),
    meanTime: formatSeconds(derived.meanSeconds),
    opsPerSecond: formatOpsPerSecond(derived.opsPerSecond),
    calls: trialShape(record),
  };
}

/**
 * What a category's `pages.sections` takes for some of its instances (all, or one candidate's):
 * the instances with their build.json parameters, each record's headline in counter ticks per
 * call, the counter's term and the item (6) sizes.
 *
 * @example
 * ```ts
 * toy.pages.sections(categoryPageInput(group, 'toy-01'));
 * ```
 */
export function categoryPageInput(group: CategoryDataset, candidate: string | null): CategoryPageInput {
  const instances = group.instances.filter((entry) => candidate === null || entry.candidate === candidate);
  const records = orderedRecords(group, candidate).map(({ record }) => record);
  return {
    instances: instances.map((entry) => ({ name: entry.instance, parameters: entry.parameters ?? {} })),
    operations: records.map((record) => {
      const headline = record.status === 'complete' ? record.derived.headline : null;
      const retried = record.processes.filter((entry) => entry.trial?.retries !== undefined);
      return {
        instance: record.instance,
        operation: record.operation,
        ...(retried.length === 0
          ? {}
          : {
              retries: {
                attempts: retried.reduce((sum, entry) => sum + entry.trial!.retries!, 0),
                calls: retried.reduce((sum, entry) => sum + entry.trial!.iterations, 0),
              },
            }),
        headline:
          headline == null
            ? null
            : { medianTicks: headline.medianCycles, lowTicks: headline.lowCycles, highTicks: headline.highCycles },
        cells: itemFourCells(record),
      };
    }),
    counterTerm: records.some((record) => record.counter?.kind === 'fixed-rate') ? 'ticks' : 'cycles',
    sizes: Object.fromEntries(
      instances.flatMap((entry) => (entry.sizes === undefined ? [] : [[entry.instance, entry.sizes] as const])),
    ),
  };
}
