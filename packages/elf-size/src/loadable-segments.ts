import elfy from 'elfy';
import { ElfSizeError } from './elf-size-error.js';
import { checkElfIdentity } from './internal/elf-identity.js';
import { checkFileExtent, malformedElf } from './internal/file-extent.js';
import { nameMachine } from './internal/machine-names.js';
import type { ElfIdentity } from './internal/elf-identity.js';
import type { LoadableSegment, LoadableSegmentsResult, SegmentFlags } from './types.js';

/** `e_phnum` value meaning "the real count is in section header 0" (gABI extended numbering). */
const PN_XNUM = 0xffff;

function checkProgramHeaderTable(
  header: elfy.ElfyHeader,
  identity: ElfIdentity,
  fileBytes: number,
  file: string,
): void {
  if (header.phoff === 0 || header.phnum === 0) {
    throw malformedElf(file, 'has no program headers, so nothing of it is loaded');
  }
  if (header.phnum === PN_XNUM) {
    throw malformedElf(file, 'uses extended program-header numbering (e_phnum = 0xffff), which is not supported');
  }
  if (header.phentsize < identity.programHeaderBytes) {
    throw malformedElf(
      file,
      `program-header entries are ${header.phentsize} bytes, but ELF${identity.elfClass} needs at least ${identity.programHeaderBytes}`,
    );
  }
  checkFileExtent(
    {
      what: `the program-header table (offset ${header.phoff}, ${header.phnum} × ${header.phentsize} bytes)`,
      fields: 'e_phoff, e_phnum or e_phentsize',
      offset: header.phoff,
      lengthBytes: header.phnum * header.phentsize,
    },
    fileBytes,
    file,
    declaredFileBytes(header),
  );
}

/** Where a normal link's file ends: after the section-header table (0 when there is none). */
function declaredFileBytes(header: elfy.ElfyHeader): number {
  if (header.shoff === 0 || header.shnum === 0) return 0;
  const end = header.shoff + header.shnum * header.shentsize;
  return Number.isSafeInteger(end) ? end : 0;
}

function toFlags(flags: Record<string, boolean>): SegmentFlags {
  return `${flags.r ? 'R' : ''}${flags.w ? 'W' : ''}${flags.x ? 'X' : ''}` as SegmentFlags;
}

function toSegment(
  program: elfy.ElfyProgram,
  index: number,
  fileBytes: number,
  declaredBytes: number,
  file: string,
): LoadableSegment {
  const fields = [program.offset, program.vaddr, program.filesz, program.memsz, program.align];
  if (!fields.every((value) => Number.isSafeInteger(value))) {
    throw malformedElf(file, `program header ${index} (PT_LOAD) holds a value above 2^53`);
  }
  if (program.filesz > program.memsz) {
    throw malformedElf(
      file,
      `PT_LOAD segment in program header ${index} has FileSiz ${program.filesz} larger than MemSiz ${program.memsz}`,
    );
  }
  checkFileExtent(
    {
      what: `the PT_LOAD segment of program header ${index} (file bytes ${program.offset}–${program.offset + program.filesz})`,
      fields: `p_offset or p_filesz of program header ${index}`,
      offset: program.offset,
      lengthBytes: program.filesz,
    },
    fileBytes,
    file,
    declaredBytes,
  );
  return {
    offset: program.offset,
    virtualAddress: program.vaddr,
    fileBytes: program.filesz,
    memoryBytes: program.memsz,
    flags: toFlags(program.flags),
    alignBytes: program.align,
  };
}

/**
 * Reads the `PT_LOAD` program headers of an ELF image held in memory and sums their memory
 * sizes: the static-memory proxy of guide §3.1 (what `readelf -lW` shows as MemSiz, including
 * `.bss`, not page-rounded). Works for ELF32 and ELF64, either byte order; parsing is done by
 * elfy after this package has checked the header and table bounds itself.
 *
 * @param bytes - the whole file's contents
 * @param file - name used in error messages (a path, or a label such as `"ELF buffer"`)
 * @returns the loadable segments, `imageBytes` = Σ `p_memsz` in bytes, and the file's identity
 * @throws {@link ElfSizeError} `NOT_ELF`, `TRUNCATED`, `OUT_OF_BOUNDS`, `NOT_SHARED_LIBRARY` or `MALFORMED`
 * @example
 * ```ts
 * const { imageBytes, segments } = parseLoadableSegments(readFileSync('lib/sm3/libsm3.so'), 'libsm3.so');
 * console.log(imageBytes, segments.map((s) => s.flags)); // 14981 [ 'R', 'RX', 'R', 'RW' ]
 * ```
 */
export function parseLoadableSegments(bytes: Uint8Array, file = 'ELF buffer'): LoadableSegmentsResult {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const identity = checkElfIdentity(buf, file);
  const parser = new elfy.Parser();
  let programs: elfy.ElfyProgram[];
  let declaredBytes = 0;
  try {
    const header = parser.parseHeader(buf);
    declaredBytes = declaredFileBytes(header);
    checkProgramHeaderTable(header, identity, buf.length, file);
    programs = parser.parsePrograms(buf, header);
  } catch (error) {
    if (error instanceof ElfSizeError) throw error;
    throw malformedElf(file, `elfy could not parse the program headers (${String(error)})`, error);
  }
  const segments = programs
    .map((program, index) => ({ program, index }))
    .filter(({ program }) => program.type === 'load')
    .map(({ program, index }) => toSegment(program, index, buf.length, declaredBytes, file));
  if (segments.length === 0) {
    throw malformedElf(file, 'has program headers but no PT_LOAD segment');
  }
  return {
    imageBytes: segments.reduce((sum, segment) => sum + segment.memoryBytes, 0),
    segments,
    elfClass: identity.elfClass,
    endianness: identity.endianness,
    machine: nameMachine(identity.machineCode),
    machineCode: identity.machineCode,
    fileType: identity.fileType,
  };
}
