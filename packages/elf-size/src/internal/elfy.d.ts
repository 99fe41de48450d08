// Type declarations for the parts of elfy 1.0 (CommonJS, no bundled types) this package uses.
// Field names follow elfy's lib/elfy/parser.js.
declare module 'elfy' {
  namespace elfy {
    interface ElfyHeader {
      class: string;
      endian: string;
      type: string | undefined;
      machine: string | undefined;
      version: number;
      entry: number;
      phoff: number;
      shoff: number;
      flags: number;
      ehsize: number;
      phentsize: number;
      phnum: number;
      shentsize: number;
      shnum: number;
      shstrndx: number;
    }
    interface ElfyProgram {
      type: string | undefined;
      offset: number;
      vaddr: number;
      paddr: number;
      filesz: number;
      memsz: number;
      flags: Record<string, boolean>;
      align: number;
      data: Buffer;
    }
    class Parser {
      parseHeader(buf: Buffer): ElfyHeader;
      parsePrograms(buf: Buffer, header: ElfyHeader): ElfyProgram[];
    }
  }
  const elfy: {
    Parser: typeof elfy.Parser;
    parse(buf: Buffer): unknown;
  };
  export = elfy;
}
