/** Which lines the canonical form keeps (the ICCS KAT rules "Manifest `kat.sha256`"). */
export interface CanonicalLineOptions {
  mode: 'strict' | 'nolen';
  recordLimit?: number | undefined;
}

/** One kept line of the canonical form and where it came from. */
export interface CanonicalLine {
  /** The line without CR characters and trailing spaces/tabs, no `\n`. */
  text: string;
  /** 1-based number of the line in the original text (lines split on `\n`). */
  lineNumber: number;
}

const RECORD_PREFIX = 'Count = ';

/** Removes every CR and then trailing spaces and tabs. */
function cleanLine(raw: string): string {
  const line = raw.indexOf('\r') === -1 ? raw : raw.replaceAll('\r', '');
  let end = line.length;
  while (end > 0) {
    const code = line.charCodeAt(end - 1);
    if (code !== 0x20 && code !== 0x09) break;
    end -= 1;
  }
  return end === line.length ? line : line.slice(0, end);
}

/** True when the key (text before the first `=`, trimmed) ends in `_Len`. */
function isLengthLine(line: string): boolean {
  const equals = line.indexOf('=');
  return equals !== -1 && line.slice(0, equals).trim().endsWith('_Len');
}

/**
 * Yields the kept lines of the canonical form of a text given as one string or as chunks
 * (a line may span chunks). Stops at the (recordLimit + 1)-th line starting with `Count = `.
 */
export function* canonicalLines(
  chunks: string | Iterable<string>,
  options: CanonicalLineOptions,
): Generator<CanonicalLine> {
  const limit = options.recordLimit;
  const dropLengths = options.mode === 'nolen';
  let records = 0;
  let lineNumber = 0;
  let pending = '';
  // One verdict per raw line; returns false once the record limit has been reached.
  const judge = function* (raw: string): Generator<CanonicalLine, boolean> {
    lineNumber += 1;
    const text = cleanLine(raw);
    if (text.length === 0) return true;
    if (limit !== undefined && text.startsWith(RECORD_PREFIX)) {
      records += 1;
      if (records > limit) return false;
    }
    if (dropLengths && isLengthLine(text)) return true;
    yield { text, lineNumber };
    return true;
  };
  for (const chunk of typeof chunks === 'string' ? [chunks] : chunks) {
    let start = 0;
    let newline = chunk.indexOf('\n');
    while (newline !== -1) {
      const raw = pending.length > 0 ? pending + chunk.slice(start, newline) : chunk.slice(start, newline);
      pending = '';
      if (!(yield* judge(raw))) return;
      start = newline + 1;
      newline = chunk.indexOf('\n', start);
    }
    pending += chunk.slice(start);
  }
  if (pending.length > 0) yield* judge(pending);
}
