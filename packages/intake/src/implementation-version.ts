import type { BuildProfile } from '@ngcc-perf/native';

/** An implementation version (guide §3.5 (1), "implementation versions measured"), read from an instance folder's path. */
export interface ImplementationVersion {
  /** Label on the pages: the path's version folders below the package, e.g. `Optimized_Implementation/AVX2`. */
  label: string;
  /** The guide build profile it is built with: reference, or performance (optimized), or resource (a `-res` goal). */
  variant: BuildProfile;
  /** The instruction set the folder is written for (`AVX2`, `AVX-512`, `ARMv8`), or null for portable C. */
  isa: IsaName | null;
}

/** Instruction sets a folder name can declare. */
export type IsaName = 'AVX2' | 'AVX-512' | 'SSE' | 'ARMv8' | 'NEON' | 'ASIC';

const ISA_PATTERNS: [RegExp, IsaName][] = [
  [/avx-?512/i, 'AVX-512'],
  [/avx-?2/i, 'AVX2'],
  [/sse\d*/i, 'SSE'],
  [/armv8|aarch64|arm64/i, 'ARMv8'],
  [/neon/i, 'NEON'],
  [/asic|verilog|fpga/i, 'ASIC'],
];

const VERSION_FOLDER = /^(reference|optimi[sz]ed|additional)(_| |-)?(implementation)?s?$/i;

/**
 * The implementation version of an instance folder from its path below the package: the nearest
 * `Reference_Implementation` / `Optimized_Implementation` / `Additional_Implementation` folder
 * gives the version (reference → reference profile; optimized and additional → performance, or
 * resource when the instance folder names a `-res` goal), and any folder below it naming an
 * instruction set gives the ISA. A path with no version folder is the reference version.
 * @param segments - folder names from the package root down to the instance folder
 * @example
 * implementationVersion(['Litchi', 'Implementations', 'Optimized_Implementation', 'Litchi-512', 'AVX2']);
 * // { label: 'Optimized_Implementation/AVX2', variant: 'performance', isa: 'AVX2' }
 */
export function implementationVersion(segments: readonly string[]): ImplementationVersion {
  let at = -1;
  segments.forEach((segment, index) => {
    if (VERSION_FOLDER.test(segment)) at = index;
  });
  const kind = at < 0 ? 'reference' : segments[at]!.toLowerCase();
  const below = at < 0 ? [] : segments.slice(at + 1);
  let isa: IsaName | null = null;
  let isaFolder: string | null = null;
  for (const segment of below) {
    const found = ISA_PATTERNS.find(([pattern]) => pattern.test(segment));
    if (found) {
      isa = found[1];
      isaFolder = segment;
    }
  }
  const last = segments.at(-1) ?? '';
  const goal = /(^|[-_ ])(op[-_ ])?res(ource)?$/i.test(last)
    ? 'resource'
    : /(^|[-_ ])(op[-_ ])?per(formance)?$/i.test(last)
      ? 'performance'
      : null;
  const variant: BuildProfile = kind.startsWith('reference') ? 'reference' : (goal ?? 'performance');
  const head = at < 0 ? 'Reference_Implementation' : segments[at]!;
  const label = [head, ...(isaFolder !== null ? [isaFolder] : [])].join('/') + (goal !== null ? ` (${goal} goal)` : '');
  return { label, variant, isa };
}

/**
 * The short form of a version label that discovery appends to an instance name of a version other
 * than the first (`<name>.<slug>`): lower case, `_Implementation` dropped, other characters `-`.
 * @example
 * versionSlug('Optimized_Implementation/AVX2'); // 'optimized-avx2'
 */
export function versionSlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/_implementations?/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * An instance name from an `ALGORITHM_INSTANCE` as candidate.json allows it: runs of other
 * characters become `-`, no leading punctuation (`"X 256"` → `X-256`; empty → `instance`).
 * @example
 * instanceNameBase('Dragon 512'); // 'Dragon-512'
 */
export function instanceNameBase(katName: string): string {
  return katName.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'instance';
}

/**
 * `stem`, or `stem-2`, `stem-3`, … — the first not in `used`, which it is added to.
 * @example
 * uniqueInstanceName('X-512', new Set(['X-512'])); // 'X-512-2'
 */
export function uniqueInstanceName(stem: string, used: Set<string>): string {
  let name = stem;
  for (let n = 2; used.has(name); n += 1) name = `${stem}-${n}`;
  used.add(name);
  return name;
}
