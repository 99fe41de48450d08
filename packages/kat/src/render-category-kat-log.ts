import { formatManifestLine } from './format-manifest-line.js';
import type { CategoryKatResult } from './category-kat-types.js';
import type { KatVerdict } from './verdicts.js';
import type { KatLogHeader } from './render-kat-log.js';

/** One KAT file of a {@link renderCategoryKatLog} log: the result, and how the log shows its file. */
export interface CategoryKatLogFile {
  result: CategoryKatResult;
  /** The file's path as the log shows it (run-directory relative), or null when it was not written. */
  shownPath: string | null;
  /** Bytes written (0 when not written). */
  bytes: number;
}

/** Everything {@link renderCategoryKatLog} writes. */
export interface CategoryKatLogInput {
  library: string;
  candidateId: string;
  /** The instance's KAT name (its manifest label). */
  instance: string;
  /** The category's id (the log's `type`). */
  category: string;
  /** The instance's parameters, one header line each (`param_<name>`). */
  parameters: Readonly<Record<string, number | string | boolean>>;
  header: KatLogHeader;
  files: readonly CategoryKatLogFile[];
  /** Name of the manifest the entries came from, or null. */
  manifestName: string | null;
  verdict: KatVerdict;
  /** One-line explanation for anything but PASS. */
  detail: string | null;
}

function field(name: string, value: string | number | boolean | undefined): string {
  return `${name.padEnd(12)} = ${value === undefined || value === '' ? '-' : String(value)}\n`;
}

function fileLines({ result, shownPath, bytes }: CategoryKatLogFile, manifestName: string | null): string {
  const lines = [result.file, `  records   ${result.records}`];
  if (!('katFilePath' in result)) {
    lines.push(`  written   no (${result.verdict}: ${result.message})`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    shownPath === null ? `  written   no (${bytes} bytes generated)` : `  written   ${shownPath} (${bytes} bytes)`,
  );
  lines.push(`  sha256    ${result.canonicalSha256} strict (canonical form)`);
  if (result.manifestEntry === null) {
    lines.push('  reference none (no manifest entry)');
  } else {
    const where = `${manifestName ?? 'manifest'} line ${result.manifestEntry.line}`;
    const verdict = result.verdict === 'PASS' ? 'match' : 'MISMATCH';
    lines.push(`  manifest  ${formatManifestLine(result.manifestEntry)} (${where}): ${verdict}`);
    if (result.comparedSha256 !== null && result.comparedSha256 !== result.canonicalSha256)
      lines.push(`  compared  ${result.comparedSha256} in the entry's mode`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Renders the KAT log of an instance of any category (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories) in
 * the layout of {@link renderKatLog}, so that one reader checks both (`ngcc-perf validate`): a
 * header (library, candidate id, `type` = the category, algorithm, instance, variant, source dir,
 * compiler, full build flags, one `param_<name>` line per instance parameter), then per KAT file
 * its records, the path written and its size, the canonical digest and the manifest line compared
 * with, an explanation line when the verdict is not PASS, and last `RESULT <id> <instance> <VERDICT>`.
 * Pure: the same input gives the same bytes.
 *
 * @param input - the facts to write
 * @returns the log text, ending in `\n`
 * @example
 * ```ts
 * renderCategoryKatLog({ library: 'lib/toy-01/libtoy.so', candidateId: 'toy-01', instance: 'toy', category: 'toy-fof',
 *   parameters: {}, header: {}, files: [], manifestName: null, verdict: 'NOKAT', detail: 'no manifest' }).endsWith('RESULT toy-01 toy NOKAT\n'); // true
 * ```
 */
export function renderCategoryKatLog(input: CategoryKatLogInput): string {
  const { header } = input;
  const parts = [
    field('library', header.library ?? input.library),
    field('id', input.candidateId),
    field('type', input.category),
    field('algorithm', header.algorithm),
    field('instance', input.instance),
    field('variant', header.variant),
    field('source_dir', header.sourceDir),
    field('compiler', header.compiler),
    field('build_flags', header.buildFlags),
    ...Object.entries(input.parameters).map(([name, value]) => field(`param_${name}`, value)),
  ];
  for (const file of input.files) parts.push(fileLines(file, input.manifestName));
  if (input.detail !== null) parts.push(`${input.verdict}: ${input.detail}\n`);
  parts.push(`RESULT ${input.candidateId} ${input.instance} ${input.verdict}\n`);
  return parts.join('');
}
