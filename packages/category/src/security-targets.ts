// Claimed security targets of public-key parameter sets: the bundled table of a category module
// (security-targets.csv in its data folder), then what the instance itself says (its header, its name).
import { CategoryError } from './category-error.js';
import type { IdentifiedInstance, SecurityTarget } from './algorithm-category.js';

/** One row of a category's `security-targets.csv` (in its `data` folder). */
export interface SecurityTargetEntry {
  /** Candidate id: `kem-02`. */
  candidate: string;
  /** Its algorithm name: `Amoeba`. */
  algorithm: string;
  /** Parameter set, as its instance header's `ALGORITHM_INSTANCE` names it: `Amoeba128`. */
  instance: string;
  targetBits: number;
  /** The published comparison ranks this set for the candidate at this target. */
  publishedRepresentative: boolean;
  /** Key of the source in the data folder's SOURCES.md: `site-x86_1-ranking-128`. */
  source: string;
}

/** The claimed targets an instance's name may state (the levels the NGCC candidates use): 128, 192, 256, 384, 512 bits. */
export const SECURITY_TARGET_LEVELS: readonly number[] = [128, 192, 256, 384, 512];

const HEADER = 'candidate,algorithm,instance,target_bits,published_representative,source';

/**
 * Reads a `security-targets.csv` (header `candidate,algorithm,instance,target_bits,published_representative,source`,
 * no quoting: no field holds a comma).
 *
 * @param text - the file's text
 * @param file - its name, for errors
 * @returns the rows in file order
 * @throws {@link CategoryError} `CATEGORY_MODULE` naming the file and line of a malformed row
 * @example
 * ```ts
 * parseSecurityTargets('candidate,algorithm,instance,target_bits,published_representative,source\nkem-02,Amoeba,Amoeba128,128,yes,site\n', 'x.csv')[0]!.targetBits; // 128
 * ```
 */
export function parseSecurityTargets(text: string, file: string): SecurityTargetEntry[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines[0] !== HEADER)
    throw new CategoryError('CATEGORY_MODULE', `${file}: line 1 must be "${HEADER}", found "${lines[0]}".`);
  return lines.slice(1).flatMap((line, at) => {
    if (line.trim() === '') return [];
    const fields = line.split(',');
    const [candidate, algorithm, instance, bits, representative, source] = fields;
    const targetBits = Number(bits);
    if (
      fields.length !== 6 ||
      !Number.isInteger(targetBits) ||
      targetBits <= 0 ||
      !['yes', 'no'].includes(representative!) ||
      [candidate, algorithm, instance, source].some((field) => field === '')
    )
      throw new CategoryError(
        'CATEGORY_MODULE',
        `${file}: line ${at + 2} ("${line}") must hold a candidate, algorithm, instance, target bits (a positive integer), yes or no, and a source key.`,
      );
    return [
      {
        candidate: candidate!,
        algorithm: algorithm!,
        instance: instance!,
        targetBits,
        publishedRepresentative: representative === 'yes',
        source: source!,
      },
    ];
  });
}

/** The level a name states: its last group of digits, when that group is one of {@link SECURITY_TARGET_LEVELS}. */
function levelOfName(name: string): number | null {
  const groups = name.match(/\d+/g);
  const last = groups === null ? NaN : Number(groups[groups.length - 1]);
  return SECURITY_TARGET_LEVELS.includes(last) ? last : null;
}

/**
 * The claimed security target of an instance, by the evidence in this order: the bundled table
 * (a row of the same instance name whose candidate id or algorithm name is the instance's; source
 * `bundled data (<source key>)`), the instance header's `securityBits` parameter (`its instance
 * header`), the last group of digits of its name when it is a level of {@link SECURITY_TARGET_LEVELS}
 * (`its name`: `Amoeba192`, `Cheetah128`). Nothing else is taken: a name such as `OAEP-NTRU-648`
 * or `NGCC-1` says no target, and the instance is then listed apart.
 *
 * @param entries - the category's bundled rows ({@link parseSecurityTargets})
 * @param instance - the instance, with its candidate id and algorithm name when known
 * @returns the target and its source, or null
 * @example
 * ```ts
 * securityTargetFrom([], { name: 'Amoeba192', parameters: {} }); // { bits: 192, source: 'its name' }
 * ```
 */
export function securityTargetFrom(
  entries: readonly SecurityTargetEntry[],
  instance: IdentifiedInstance,
): SecurityTarget | null {
  const row = entries.find(
    (entry) =>
      entry.instance === instance.name &&
      (entry.candidate === instance.candidate || entry.algorithm === instance.algorithm),
  );
  if (row !== undefined)
    return {
      bits: row.targetBits,
      source: `bundled data (${row.source})`,
      publishedRepresentative: row.publishedRepresentative,
    };
  const header = instance.parameters.securityBits;
  if (typeof header === 'number') return { bits: header, source: 'its instance header' };
  const named = levelOfName(instance.name);
  return named === null ? null : { bits: named, source: 'its name' };
}

/** A category module's bundled targets ({@link bundledSecurityTargets}): its rows and the lookups of its category. */
export interface BundledSecurityTargets {
  /** The rows of its `security-targets.csv`, in file order. */
  entries: readonly SecurityTargetEntry[];
  /** {@link securityTargetFrom} over the rows: the category's `securityTarget`. */
  securityTarget(instance: IdentifiedInstance): SecurityTarget | null;
  /** The bits of {@link BundledSecurityTargets.securityTarget}, or null: the category's `securityTargetBits`. */
  securityTargetBits(instance: IdentifiedInstance): number | null;
}

/**
 * The bundled security targets of a category module from the text of its
 * `security-targets.csv` in its `data` folder (`@ngcc-perf/category-kem/data/security-targets.csv`)
 * — the one file, installed with the package, that its build inlines
 * (tsup's text loader) and its tests load the same way (jest.preset.js) — parsed once
 * ({@link parseSecurityTargets}), with the lookups a category gives its rankings.
 *
 * @param text - the file's text
 * @param file - its name in errors: `@ngcc-perf/category-kem/data/security-targets.csv`
 * @returns the rows and the lookups
 * @throws {@link CategoryError} `CATEGORY_MODULE` naming the file and line of a malformed row
 * @example
 * ```ts
 * // csv: the file's text (a category module imports it; its build inlines it)
 * const targets = bundledSecurityTargets(csv, '@ngcc-perf/category-kem/data/security-targets.csv');
 * targets.securityTarget({ name: 'Amoeba128', parameters: {}, candidate: 'kem-02' });
 * // { bits: 128, source: 'bundled data (site-arm_1-ranking-128)', publishedRepresentative: true }
 * ```
 */
export function bundledSecurityTargets(text: string, file: string): BundledSecurityTargets {
  const entries = Object.freeze(parseSecurityTargets(text, file));
  const securityTarget = (instance: IdentifiedInstance): SecurityTarget | null => securityTargetFrom(entries, instance);
  return {
    entries,
    securityTarget,
    securityTargetBits: (instance) => securityTarget(instance)?.bits ?? null,
  };
}
