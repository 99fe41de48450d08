import path from 'node:path';
import type { CtFinding } from './ct-result.js';

const DIVISION = /^\s*([0-9a-f]+):\s+(?:div|idiv)[bwlq]?\s/;
const FUNCTION_HEADER = /^[0-9a-f]+ <([^>]+)>:$/;
const INLINED_FUNCTION = /^([A-Za-z_][\w.$]*)\(\):$/;
const SOURCE_LINE = /^(\/?[^\s:][^:]*):(\d+)(?: \(discriminator \d+\))?$/;

/** One `div`/`idiv` instruction of the library: its address (from the load base) and source place. */
export interface DivisionSite {
  /** objdump's address, e.g. `0x1139`. */
  address: string;
  function: string;
  file: string | null;
  line: number | null;
}

/**
 * Every integer division (`div`, `idiv`) in the output of `objdump -d -l --no-show-raw-insn LIB`,
 * with its address and its function (the inlined one when objdump names it) and source line; PLT
 * stubs are skipped. Divisions by constants are compiled to multiplications and never appear.
 *
 * @param objdumpText - objdump's output
 * @example
 * ```ts
 * const sites = scanDivisionSites(objdumpText); // [{ address: '0x1139', function: 'CryptHash', file: 'toy.c', line: 14 }]
 * ```
 */
export function scanDivisionSites(objdumpText: string): DivisionSite[] {
  const sites: DivisionSite[] = [];
  let symbol = '??';
  let inlined: string | null = null;
  let file: string | null = null;
  let line: number | null = null;
  for (const text of objdumpText.split('\n')) {
    const header = FUNCTION_HEADER.exec(text);
    if (header !== null) {
      symbol = header[1] as string;
      inlined = null;
      file = null;
      line = null;
      continue;
    }
    const inline = INLINED_FUNCTION.exec(text);
    if (inline !== null) {
      inlined = inline[1] as string;
      continue;
    }
    const source = SOURCE_LINE.exec(text);
    if (source !== null) {
      file = path.basename(source[1] as string);
      line = Number(source[2]);
      continue;
    }
    const division = DIVISION.exec(text);
    if (division !== null && !symbol.includes('@plt')) {
      sites.push({ address: `0x${division[1] as string}`, function: inlined ?? symbol, file, line });
    }
  }
  return sites;
}

/**
 * Finds integer divisions (`div`, `idiv`: variable latency on x86-64) in the output of
 * `objdump -d -l --no-show-raw-insn LIB` for the library's own code, as findings of the disassembly
 * alone (`source` `disassembly`: operands not checked). The audit uses them only when the division
 * probe cannot run; otherwise the probe decides which are findings.
 *
 * @param objdumpText - objdump's output
 * @returns one finding per distinct function and source line, `source` `disassembly`
 * @example
 * ```ts
 * const findings = scanDivisions(execFileSync('objdump', ['-d', '-l', '--no-show-raw-insn', lib], { encoding: 'utf8' }));
 * ```
 */
export function scanDivisions(objdumpText: string): CtFinding[] {
  const found = new Map<string, CtFinding>();
  for (const site of scanDivisionSites(objdumpText)) {
    const key = `${site.function}\u0000${site.file}\u0000${site.line}`;
    if (!found.has(key)) {
      found.set(key, {
        kind: 'variable-latency',
        function: site.function,
        file: site.file,
        line: site.line,
        source: 'disassembly',
        firstMessageBits: null,
        occurrences: null,
        origin: null,
        libraryFrames: [],
      });
    }
  }
  return [...found.values()];
}
