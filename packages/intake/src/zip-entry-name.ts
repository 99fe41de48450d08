import type yauzl from 'yauzl';

const UTF8_FLAG = 0x800;
const UNICODE_PATH_FIELD = 0x7075;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The name an archive entry is extracted under. yauzl reads a name without the UTF-8 flag (general
 * purpose bit 11) and without an Info-ZIP Unicode Path field as CP437, as the zip specification
 * says; but Info-ZIP `zip` on Linux and many other tools store UTF-8 names without the flag, which
 * CP437 turns into mojibake (`3 实现代码` becomes `3 σ«₧τÄ░Σ╗úτáü`). Such a name whose bytes are
 * valid UTF-8 and not plain ASCII is read as UTF-8; any other name is yauzl's (a GBK name stays
 * CP437, readable but not the submitter's spelling). Backslashes become `/` as yauzl makes them.
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
    return entry.fileName;
  }
}
