// SHA-256 of the canonical form of a KAT file (the ICCS KAT rules "Manifest kat.sha256"), for checking the
// digests a KAT log states: every line without CR and trailing spaces/tabs, empty lines dropped,
// `nolen` also dropping lines whose key ends in `_Len`, `:N` stopping before the (N+1)-th
// `Count = ` line; each kept line followed by `\n`.
import { createHash } from 'node:crypto';

export interface CanonicalMode {
  nolen: boolean;
  /** Keep the first N `Count = ` records; null: all. */
  recordLimit: number | null;
}

/** `strict`, `nolen`, `strict:3` → the mode; null when the text is not a mode. */
export function parseCanonicalMode(text: string): CanonicalMode | null {
  const match = /^(strict|nolen)(?::(\d+))?$/.exec(text);
  if (match === null) return null;
  return { nolen: match[1] === 'nolen', recordLimit: match[2] === undefined ? null : Number(match[2]) };
}

export function canonicalKatDigest(text: string, mode: CanonicalMode = { nolen: false, recordLimit: null }): string {
  const hash = createHash('sha256');
  let records = 0;
  const kept: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r/g, '').replace(/[ \t]+$/, '');
    if (line === '') continue;
    if (mode.recordLimit !== null && line.startsWith('Count = ')) {
      records += 1;
      if (records > mode.recordLimit) break;
    }
    if (mode.nolen) {
      const equals = line.indexOf('=');
      if (equals >= 0 && line.slice(0, equals).trim().endsWith('_Len')) continue;
    }
    kept.push(line, '\n');
    if (kept.length > 8192) hash.update(kept.splice(0).join(''), 'utf8');
  }
  hash.update(kept.join(''), 'utf8');
  return hash.digest('hex');
}
