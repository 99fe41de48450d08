import path from 'node:path';
import type { CtFinding } from './ct-result.js';

const DIVISION = /^\s*[0-9a-f]+:\s+(?:div|idiv)[bwlq]?\s/;
const FUNCTION_HEADER = /^[0-9a-f]+ <([^>]+)>:$/;
const INLINED_FUNCTION = /^([A-Za-z_][\w.$]*)\(\):$/;
const SOURCE_LINE = /^(\/?[^\s:][^:]*):(\d+)(?: \(discriminator \d+\))?$/;

/**
 * Finds integer divisions (`div`, `idiv`: variable latency on x86-64) in the output of
 * `objdump -d -l --no-show-raw-insn LIB` for the library's own code. Memcheck does not report divisions
 * on undefined operands, so this is where `variable-latency` findings come from; a division whose
 * operands are public (the length) is listed too, and the page says so. Divisions by constants are
 * compiled to multiplications and never appear.
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
    if (DIVISION.test(text) && !symbol.includes('@plt')) {
      const fn = inlined ?? symbol;
      const key = `${fn}\u0000${file}\u0000${line}`;
      if (!found.has(key)) {
        found.set(key, {
          kind: 'variable-latency',
          function: fn,
          file,
          line,
          source: 'disassembly',
          firstMessageBits: null,
          occurrences: null,
          origin: null,
          libraryFrames: [],
        });
      }
    }
  }
  return [...found.values()];
}
