import type { CanonicalMode } from './canonical-digest.js';
import { manifestPathProblem } from './internal/manifest-path.js';
import { KatError } from './kat-error.js';

/** One line of a `kat.sha256` manifest. */
export interface KatManifestEntry {
  /** SHA-256 of the file's canonical form, 64 lower-case hex digits. */
  digest: string;
  /** Canonicalisation mode the digest was taken in. */
  mode: CanonicalMode;
  /** `N` of a `mode:N` field: only the first N `Count = ` records were hashed. */
  recordLimit?: number;
  /** The `<label>` of a `<label>/<file>` path (usually the instance name); absent for a bare file. */
  label?: string;
  /** KAT file name, e.g. `KAT_2_12_litchi_512.txt`. */
  file: string;
  /** 1-based line number in the manifest. */
  line: number;
}

/** A parsed `kat.sha256` manifest. */
export interface KatManifest {
  /** Name used in error messages and logs (usually the path it was read from). */
  sourceName: string;
  entries: KatManifestEntry[];
}

const EXPECTED = 'expected "<64 lower-case hex> <strict|nolen>[:N] [<label>/]<file>"';
const FIX = 'Regenerate it with `ngcc-perf kat --write-manifest`.';
const DIGEST = /^[0-9a-f]{64}$/;
const MODE = /^(strict|nolen)(?::([1-9][0-9]*))?$/;

function fail(code: ConstructorParameters<typeof KatError>[0], where: string, what: string): never {
  throw new KatError(code, `${where}: ${what} ${FIX}`);
}

function parseLine(fields: string[], where: string, line: number): KatManifestEntry {
  if (fields.length !== 3) {
    fail('MANIFEST_FIELD_COUNT', where, `${EXPECTED}, got ${fields.length} field${fields.length === 1 ? '' : 's'}.`);
  }
  const [digest, modeField, pathField] = fields as [string, string, string];
  if (!DIGEST.test(digest)) {
    const shown = digest.length > 70 ? `${digest.slice(0, 70)}…` : digest;
    fail(
      'MANIFEST_BAD_DIGEST',
      where,
      `expected a digest of 64 lower-case hex digits, got "${shown}" (${digest.length} characters).`,
    );
  }
  const mode = MODE.exec(modeField);
  if (mode === null) {
    fail(
      'MANIFEST_BAD_MODE',
      where,
      `expected mode "strict" or "nolen", optionally followed by ":N" with N ≥ 1, got "${modeField}".`,
    );
  }
  const slash = pathField.lastIndexOf('/');
  const label = slash === -1 ? undefined : pathField.slice(0, slash);
  const file = pathField.slice(slash + 1);
  const problem = manifestPathProblem(label, file);
  if (problem !== null) {
    fail(
      'MANIFEST_BAD_PATH',
      where,
      `expected "<label>/<file>" or "<file>" inside the candidate folder, got "${pathField}": ${problem}.`,
    );
  }
  const entry: KatManifestEntry = { digest, mode: mode[1] as CanonicalMode, file, line };
  if (mode[2] !== undefined) entry.recordLimit = Number(mode[2]);
  if (label !== undefined) entry.label = label;
  return entry;
}

/**
 * Parses a `kat.sha256` manifest: one entry per line, `<64 lower-case hex> <mode> <label>/<file>`
 * or `... <file>`, mode `strict` or `nolen`, optionally `:N` (the ICCS KAT rules "Manifest"). Fields are
 * separated by spaces or tabs; CR line ends, blank lines and lines starting with `#` are ignored.
 *
 * @param text - the manifest's text
 * @param sourceName - how to name the manifest in error messages (its path)
 * @returns the entries in file order
 * @throws {KatError} `MANIFEST_FIELD_COUNT` (not 3 fields), `MANIFEST_BAD_DIGEST` (not 64
 *   lower-case hex), `MANIFEST_BAD_MODE` (unknown mode or bad `:N`), `MANIFEST_BAD_PATH`
 *   (empty label or file, or a path that leaves the candidate folder: absolute, `..`, `\\`), `MANIFEST_DUPLICATE` (the same `<label>/<file>` twice); each message
 *   names `<sourceName> line N`, what was expected, and the fix
 * @example
 * ```ts
 * const manifest = parseManifest(readFileSync('hash-15/kat.sha256', 'utf8'), 'hash-15/kat.sha256');
 * manifest.entries[0]; // { digest: '6b6c…', mode: 'strict', label: 'litchi_1024', file: 'KAT_2_12_litchi_1024.txt', line: 1 }
 * ```
 */
export function parseManifest(text: string, sourceName: string): KatManifest {
  const entries: KatManifestEntry[] = [];
  const firstLineOf = new Map<string, number>();
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const content = (lines[index] as string).replaceAll('\r', '').trim();
    if (content.length === 0 || content.startsWith('#')) continue;
    const line = index + 1;
    const where = `${sourceName} line ${line}`;
    const entry = parseLine(content.split(/[ \t]+/), where, line);
    const key = entry.label === undefined ? entry.file : `${entry.label}/${entry.file}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      fail('MANIFEST_DUPLICATE', where, `duplicate entry for "${key}" (first at line ${first}); keep one line.`);
    }
    firstLineOf.set(key, line);
    entries.push(entry);
  }
  return { sourceName, entries };
}
