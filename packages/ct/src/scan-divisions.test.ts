import { describe, expect, it } from '@jest/globals';
import { scanDivisions } from './scan-divisions.js';

// Shaped like `objdump -d -l --no-show-raw-insn` output (GNU binutils 2.40) of a small library.
const OBJDUMP = [
  '0000000000001030 <memcpy@plt>:',
  '    1030:\tdiv    %ecx',
  '',
  '0000000000001100 <CryptHash>:',
  'CryptHash():',
  '/src/lib/toy.c:13',
  '    1130:\tmovzbl (%rsi),%ecx',
  '/src/lib/toy.c:14 (discriminator 3)',
  '    113f:\tdiv    %ecx',
  '    1141:\tdivl   %esi',
  'mix():',
  '/src/lib/mix.h:4',
  '    1150:\tidivq  %r8',
  '    1154:\tdivsd  %xmm1,%xmm0',
].join('\n');

describe('scanDivisions', () => {
  it('lists each integer division once per function and line, inlined functions by their own name, never PLT stubs or divsd', () => {
    expect(scanDivisions(OBJDUMP)).toEqual([
      {
        kind: 'variable-latency',
        function: 'CryptHash',
        file: 'toy.c',
        line: 14,
        source: 'disassembly',
        firstMessageBits: null,
        occurrences: null,
        origin: null,
        libraryFrames: [],
      },
      {
        kind: 'variable-latency',
        function: 'mix',
        file: 'mix.h',
        line: 4,
        source: 'disassembly',
        firstMessageBits: null,
        occurrences: null,
        origin: null,
        libraryFrames: [],
      },
    ]);
  });

  it('finds nothing in code without division', () => {
    expect(scanDivisions('0000000000001100 <CryptHash>:\n    1100:\txor    %eax,%eax\n')).toEqual([]);
  });
});
