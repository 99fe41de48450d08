import iconv from 'iconv-lite';
import type yauzl from 'yauzl';

const UTF8_FLAG = 0x800;
const UNICODE_PATH_FIELD = 0x7075;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/**
 * What a GBK name from a Chinese Windows archiver holds: ASCII, CJK ideographs (with extension A
 * and the compatibility block), CJK and full-width punctuation, kana, and the GBK symbol rows
 * (`№`, `①`, Greek, Cyrillic, box drawing). A CP437 name that happens to form GBK byte pairs decodes
 * to other characters (private use, rare symbols) or to invalid pairs.
 */
const GBK_NAME =
  /^[\x20-\x7e\u00a4\u00a7\u00a8\u00b0\u00b1\u00b7\u00d7\u00e0-\u00fc\u0391-\u03c9\u0401-\u0451\u2010-\u203b\u2103\u2116\u2160-\u216b\u2190-\u2193\u2460-\u2499\u2500-\u257f\u25a0-\u25cf\u2605\u2606\u3000-\u303f\u3040-\u30ff\u3105-\u3129\u3220-\u3229\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]*$/;

/** The GBK reading of a name, or null when its bytes are not GBK (an invalid pair, or a round trip that differs). */
function gbkName(raw: Buffer): string | null {
  const decoded = iconv.decode(raw, 'gbk');
  if (decoded.includes('\ufffd') || !GBK_NAME.test(decoded.replace(/\\/g, '/'))) return null;
  return Buffer.compare(iconv.encode(decoded, 'gbk'), raw) === 0 ? decoded : null;
}

/**
 * The name an archive entry is extracted under. yauzl reads a name without the UTF-8 flag (general
 * purpose bit 11) and without an Info-ZIP Unicode Path field as CP437, as the zip specification
 * says; but other tools write names in other encodings without the flag, which CP437 turns into
 * mojibake. As an archiver that guesses does, such a name that is not plain ASCII is read as:
 * UTF-8 when its bytes are valid UTF-8 (Info-ZIP `zip` on Linux: `3 实现代码` would become
 * `3 σ«₧τÄ░Σ╗úτáü`); else GBK (decoded with iconv-lite) when its bytes are valid GBK pairs that
 * decode to the characters of a Chinese name and encode back to the same bytes (Chinese Windows
 * archivers: `東方` is `96 7C B7 BD`, which CP437 reads as `û|╖╜`, with a `|` CMake cannot build
 * in); else CP437, yauzl's reading. Backslashes become `/` as yauzl makes them.
 * @example
 * zipEntryName(entry); // 'uHash/Implementations/3 实现代码/'
 */
export function zipEntryName(entry: yauzl.Entry): string {
  if ((entry.generalPurposeBitFlag & UTF8_FLAG) !== 0) return entry.fileName;
  if (entry.extraFields.some((field) => field.id === UNICODE_PATH_FIELD)) return entry.fileName;
  const raw = entry.fileNameRaw;
  if (!Buffer.isBuffer(raw) || raw.every((byte) => byte < 0x80)) return entry.fileName;
  try {
    return strictUtf8.decode(raw).replace(/\\/g, '/');
  } catch {
    return gbkName(raw)?.replace(/\\/g, '/') ?? entry.fileName;
  }
}
