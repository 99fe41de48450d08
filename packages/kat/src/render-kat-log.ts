import { formatManifestLine } from './format-manifest-line.js';
import type { KatFileResult } from './kat-result.js';
import type { KatVerdict } from './verdicts.js';

/** Build facts for the KAT log header; a missing one is written as `-`. */
export interface KatLogHeader {
  /** How to show the library in the log (e.g. its run-directory-relative path); default: the library path. */
  library?: string;
  /** Algorithm name, e.g. `SM3`. */
  algorithm?: string;
  /** `reference`, `performance` or `resource`. */
  variant?: string;
  /** Source directory of the instance (relative path). */
  sourceDir?: string;
  /** Compiler and version, e.g. `gcc 12.2.0`. */
  compiler?: string;
  /** The full compiler flags used (never shortened). */
  buildFlags?: string;
}

/** Everything {@link renderKatLog} writes. Paths are written exactly as given. */
export interface KatLogInput {
  library: string;
  candidateId: string;
  instance: string;
  digestBits: number;
  header: KatLogHeader;
  files: readonly KatFileResult[];
  /** Name of the manifest the entries came from (its path), or null. */
  manifestName: string | null;
  verdict: KatVerdict;
  /** One-line explanation for anything but PASS. */
  detail: string | null;
}

function field(name: string, value: string | number | undefined): string {
  return `${name.padEnd(12)} = ${value === undefined || value === '' ? '-' : String(value)}\n`;
}

const REPEAT_TEXT: Record<KatFileResult['repeat'], string> = {
  all: 'every message hashed twice, same digest',
  ends: 'first and last step hashed twice, same digest',
  none: 'each message hashed once',
};

function fileLines(file: KatFileResult, manifestName: string | null): string {
  const lines = [`${file.file}`, `  took      ${file.seconds.toFixed(3)} s`];
  lines.push(
    `  calls     ${file.cryptHashCalls} CryptHash calls, ${file.cryptHashSeconds.toFixed(3)} s inside CryptHash (${REPEAT_TEXT[file.repeat]})`,
  );
  if (file.testSizes)
    lines.push('  sizes     TEST-ONLY (smaller than the ICCS KAT rules; matches no official manifest)');
  lines.push(
    file.path === null
      ? `  written   no (${file.bytes} bytes generated)`
      : `  written   ${file.path} (${file.bytes} bytes)`,
  );
  lines.push(`  sha256    ${file.canonicalSha256} strict (canonical form)`);
  const verdict = file.matched === null ? 'no reference' : file.matched ? 'match' : 'MISMATCH';
  if (file.manifestEntry !== null) {
    const where = `${manifestName ?? 'manifest'} line ${file.manifestEntry.line}`;
    lines.push(`  manifest  ${formatManifestLine(file.manifestEntry)} (${where}): ${verdict}`);
    if (file.comparedSha256 !== null && file.comparedSha256 !== file.canonicalSha256) {
      lines.push(`  compared  ${file.comparedSha256} in the entry's mode`);
    }
  } else if (file.katFilePath !== null) {
    lines.push(`  kat-file  ${file.katFilePath}: ${verdict}`);
  } else {
    lines.push('  reference none (no manifest entry, no submitted KAT file)');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Renders the KAT log, the evidence whose SHA-256 goes into every record (the ICCS KAT rules "Verdicts";
 * layout after the anchor's `kat/<id>/<instance>.log`): a header (library, candidate id, type,
 * algorithm, instance, variant, source dir, compiler, full build flags, digest bits and bytes),
 * then per generated file the seconds taken, the CryptHash calls (with the repeat check) and the
 * seconds inside CryptHash, the path written and its size, the canonical
 * digest and the manifest line or submitted file compared with, an explanation line when the
 * verdict is not PASS, and last `RESULT <id> <instance> <VERDICT>`. Pure: the same input
 * gives the same bytes.
 *
 * @param input - the facts to write
 * @returns the log text, ending in `\n`
 * @example
 * ```ts
 * const log = renderKatLog({ library: 'lib/example-sm3/libsm3.so', candidateId: 'example-sm3', instance: 'sm3',
 *   digestBits: 256, header: { algorithm: 'SM3' }, files: [], manifestName: null, verdict: 'NOKAT', detail: 'no reference' });
 * log.endsWith('RESULT example-sm3 sm3 NOKAT\n'); // true
 * ```
 */
export function renderKatLog(input: KatLogInput): string {
  const { header } = input;
  const parts = [
    field('library', header.library ?? input.library),
    field('id', input.candidateId),
    field('type', 'hash'),
    field('algorithm', header.algorithm),
    field('instance', input.instance),
    field('variant', header.variant),
    field('source_dir', header.sourceDir),
    field('compiler', header.compiler),
    field('build_flags', header.buildFlags),
    field('digest_bits', input.digestBits),
    field('digest_bytes', input.digestBits / 8),
  ];
  for (const file of input.files) parts.push(fileLines(file, input.manifestName));
  if (input.detail !== null) parts.push(`${input.verdict}: ${input.detail}\n`);
  parts.push(`RESULT ${input.candidateId} ${input.instance} ${input.verdict}\n`);
  return parts.join('');
}
