// Bounds checks shared by the program-header, segment and section-header readers: a range the
// headers name must lie inside the file. It is TRUNCATED when the file is evidently cut short (the
// section-header table, the last thing a link writes, says the file is longer than it is, and the
// range lies within that length) or when the range starts inside the file and runs past its end
// (a cut, or a damaged count or size); otherwise a range starting at or past the end is
// OUT_OF_BOUNDS (a damaged offset field).
import { ElfSizeError } from '../elf-size-error.js';

/** A byte range of the file named by a header, and how to talk about it in a message. */
export interface FileExtent {
  /** What the range is, e.g. `the section-header table (offset 9000, 29 × 64 bytes)`. */
  what: string;
  /** The header field(s) that could be wrong, e.g. `e_shoff`. */
  fields: string;
  /** First byte. */
  offset: number;
  /** Length in bytes. */
  lengthBytes: number;
}

/**
 * Throws `OUT_OF_BOUNDS` or `TRUNCATED` when `extent` does not lie inside a file of `fileBytes`
 * bytes; an empty range is always accepted. `declaredFileBytes` is the end of the section-header
 * table (0 when unknown or when checking that table itself).
 */
export function checkFileExtent(extent: FileExtent, fileBytes: number, file: string, declaredFileBytes = 0): void {
  if (extent.lengthBytes === 0) return;
  const end = extent.offset + extent.lengthBytes;
  if (Number.isSafeInteger(end) && end > fileBytes && declaredFileBytes > fileBytes && end <= declaredFileBytes) {
    throw new ElfSizeError(
      'TRUNCATED',
      file,
      `${file}: the file is cut short: ${extent.what} ends at byte ${end}, past the end of the ${fileBytes}-byte file, ` +
        `and its section-header table says the file is ${declaredFileBytes} bytes long. Rebuild or copy the library again.`,
    );
  }
  if (!Number.isSafeInteger(extent.offset) || extent.offset >= fileBytes) {
    throw new ElfSizeError(
      'OUT_OF_BOUNDS',
      file,
      `${file}: ${extent.what} starts at byte ${extent.offset}, at or past the end of the ${fileBytes}-byte file. ` +
        `Its header field (${extent.fields}) is damaged or the file is cut short: rebuild or copy the library again.`,
    );
  }
  if (!Number.isSafeInteger(end) || end > fileBytes) {
    throw new ElfSizeError(
      'TRUNCATED',
      file,
      `${file}: ${extent.what} ends at byte ${end}, past the end of the ${fileBytes}-byte file. ` +
        `The file is cut short (or ${extent.fields} is damaged): rebuild or copy the library again.`,
    );
  }
}

/** The `MALFORMED` error every reader uses: what contradicts what, and the fix. */
export function malformedElf(file: string, what: string, cause?: unknown): ElfSizeError {
  return new ElfSizeError(
    'MALFORMED',
    file,
    `${file}: ${what}. The file is damaged or not produced by a normal link: rebuild the library.`,
    cause === undefined ? undefined : { cause },
  );
}
