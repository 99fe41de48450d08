// Type declarations for the part of elfy 1.0 (CommonJS, no bundled types) intake uses: the ELF
// header of a prebuilt object. Field names follow elfy's lib/elfy/parser.js.
declare module 'elfy' {
  namespace elfy {
    interface ElfyHeader {
      class: string;
      endian: string;
      type: string | undefined;
      machine: string | undefined;
    }
    class Parser {
      parseHeader(buf: Buffer): ElfyHeader;
    }
  }
  const elfy: { Parser: typeof elfy.Parser };
  export = elfy;
}
