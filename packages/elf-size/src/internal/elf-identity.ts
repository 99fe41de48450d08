// Up-front checks on the ELF identification bytes and header, done before elfy parses the file:
// elfy reports these cases as bare RangeErrors ("offset out of range") or assertion failures.
import { ElfSizeError } from '../elf-size-error.js';
import type { ElfClass, ElfEndianness, ElfFileType } from '../types.js';

const ELF_MAGIC = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);
const ARCHIVE_MAGICS = ['!<arch>\n', '!<thin>\n'];
const REBUILD_HINT = 'Pass the shared library built with "gcc -fPIC -shared" (lib<instance>.so) instead.';

/** What the identification bytes and fixed header fields say about the file. */
export interface ElfIdentity {
  elfClass: ElfClass;
  endianness: ElfEndianness;
  fileType: ElfFileType;
  machineCode: number;
  /** Size of the ELF header for this class: 52 (ELF32) or 64 (ELF64) bytes. */
  headerBytes: number;
  /** Smallest program-header entry for this class: 32 (ELF32) or 56 (ELF64) bytes. */
  programHeaderBytes: number;
}

function describeStart(buf: Buffer): string {
  const shown = buf.subarray(0, 4).toString('latin1');
  return JSON.stringify(shown);
}

/**
 * Checks magic, class, data encoding, header length and `e_type`; returns the identity or
 * throws an {@link ElfSizeError} naming `file`.
 */
export function checkElfIdentity(buf: Buffer, file: string): ElfIdentity {
  if (ARCHIVE_MAGICS.some((magic) => buf.subarray(0, magic.length).toString('latin1') === magic)) {
    throw new ElfSizeError(
      'NOT_SHARED_LIBRARY',
      file,
      `${file}: is a static archive ("!<arch>", what "ar" writes), not a loadable image. ${REBUILD_HINT}`,
    );
  }
  if (buf.length === 0) {
    throw new ElfSizeError(
      'TRUNCATED',
      file,
      `${file}: the file is empty (0 bytes). Rebuild the library; the link step probably failed.`,
    );
  }
  const prefix = buf.subarray(0, Math.min(4, buf.length));
  if (!prefix.equals(ELF_MAGIC.subarray(0, prefix.length))) {
    throw new ElfSizeError(
      'NOT_ELF',
      file,
      `${file}: not an ELF file (it starts with ${describeStart(buf)}, not "\\x7fELF"); a source file, script or ` +
        `linker script is text. ${REBUILD_HINT}`,
    );
  }
  if (buf.length < 16) {
    throw new ElfSizeError(
      'TRUNCATED',
      file,
      `${file}: only ${buf.length} bytes, which ends inside the 16-byte ELF identification. Rebuild or copy the library again.`,
    );
  }
  const classByte = buf[4];
  const dataByte = buf[5];
  if (classByte !== 1 && classByte !== 2) {
    throw new ElfSizeError(
      'NOT_ELF',
      file,
      `${file}: ELF class byte (offset 4) is ${classByte}; only 1 (ELF32) and 2 (ELF64) exist. The file is damaged: rebuild it.`,
    );
  }
  if (dataByte !== 1 && dataByte !== 2) {
    throw new ElfSizeError(
      'NOT_ELF',
      file,
      `${file}: ELF data-encoding byte (offset 5) is ${dataByte}; only 1 (little-endian) and 2 (big-endian) exist. The file is damaged: rebuild it.`,
    );
  }
  const elfClass: ElfClass = classByte === 1 ? 32 : 64;
  const endianness: ElfEndianness = dataByte === 1 ? 'little' : 'big';
  const headerBytes = elfClass === 32 ? 52 : 64;
  if (buf.length < headerBytes) {
    throw new ElfSizeError(
      'TRUNCATED',
      file,
      `${file}: only ${buf.length} bytes, but an ELF${elfClass} header needs ${headerBytes}. The file is cut short: rebuild or copy the library again.`,
    );
  }
  const read16 = (offset: number): number =>
    endianness === 'little' ? buf.readUInt16LE(offset) : buf.readUInt16BE(offset);
  const typeCode = read16(16);
  return {
    elfClass,
    endianness,
    fileType: checkFileType(typeCode, file),
    machineCode: read16(18),
    headerBytes,
    programHeaderBytes: elfClass === 32 ? 32 : 56,
  };
}

function checkFileType(typeCode: number, file: string): ElfFileType {
  if (typeCode === 3) return 'shared-object';
  if (typeCode === 2) return 'executable';
  if (typeCode === 1) {
    throw new ElfSizeError(
      'NOT_SHARED_LIBRARY',
      file,
      `${file}: is a relocatable object file (ET_REL, what "gcc -c" writes); it has no loadable segments. ${REBUILD_HINT}`,
    );
  }
  const kind = typeCode === 4 ? 'a core dump (ET_CORE)' : `ELF type ${typeCode}, not a loadable image`;
  throw new ElfSizeError('NOT_SHARED_LIBRARY', file, `${file}: is ${kind}. ${REBUILD_HINT}`);
}
