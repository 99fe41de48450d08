// `ngcc-perf size` through main(): the figure equals Σ MemSiz of the LOAD lines of `readelf -lW`
// for every bundled instance and for the system libc and libcrypto; a malformed-ELF corpus built
// here by truncating and corrupting a bundled library each ends in one line on stderr and exit 2.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';

const buildDir = process.env.NGCC_PERF_NATIVE_BUILD ?? '';
const examplesDir = path.join(buildDir, 'examples');

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** Σ MemSiz over the LOAD lines of `readelf -lW` (column 6: Type Offset VirtAddr PhysAddr FileSiz MemSiz). */
function readelfImageBytes(file: string): number {
  const text = execFileSync('readelf', ['-lW', file], { encoding: 'utf8' });
  return text
    .split('\n')
    .filter((line) => /^\s*LOAD\s/.test(line))
    .reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[5]), 0);
}

/** `readelf -SW` size of one section, 0 when absent. */
function readelfSectionBytes(file: string, name: string): number {
  const text = execFileSync('readelf', ['-SW', file], { encoding: 'utf8' });
  const line = text
    .split('\n')
    .find((l) => new RegExp(`^\\s*\\[\\s*\\d+\\]\\s+${name.replace('.', '\\.')}\\s`).test(l));
  return line === undefined
    ? 0
    : parseInt(
        line
          .replace(/^\s*\[\s*\d+\]/, '')
          .trim()
          .split(/\s+/)[4] ?? '0',
        16,
      );
}

function systemLibraries(): string[] {
  const listing = execFileSync('ldconfig', ['-p'], { encoding: 'utf8' });
  return ['libc.so.6', 'libcrypto.so'].flatMap((name) => {
    const match = new RegExp(`^\\s*${name.replace(/\./g, '\\.')}\\S*\\s.*=>\\s*(\\S+)\\s*$`, 'm').exec(listing);
    return match?.[1] === undefined ? [] : [match[1]];
  });
}

const bundled = readdirSync(examplesDir)
  .filter((name) => /^lib.*\.so$/.test(name))
  .map((name) => path.join(examplesDir, name));

describe('ngcc-perf size equals Σ MemSiz of readelf -lW LOAD lines', () => {
  it('finds the bundled instances and libc', () => {
    expect(bundled.length).toBeGreaterThanOrEqual(5); // sm3, sha512, shake256_512/768/1024
    expect(systemLibraries().some((file) => file.includes('libc.so.6'))).toBe(true);
  });

  it.each([...bundled, ...systemLibraries()])('%s', async (file) => {
    const expected = readelfImageBytes(file);
    const text = await run(['size', file]);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toMatch(
      new RegExp(`: ${expected} bytes in \\d+ PT_LOAD segments \\(ELF64, little-endian, (x86-64|AArch64)\\)`),
    );
    const json = await run(['size', file, '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as {
      imageBytes: number;
      segments: Array<{ memoryBytes: number }>;
      sectionBytes: Record<string, number | null>;
    };
    expect(parsed.imageBytes).toBe(expected);
    expect(parsed.segments.reduce((sum, s) => sum + s.memoryBytes, 0)).toBe(expected);
    expect(parsed.sectionBytes).toEqual({
      textBytes: readelfSectionBytes(file, '.text'),
      rodataBytes: readelfSectionBytes(file, '.rodata'),
      dataBytes: readelfSectionBytes(file, '.data'),
      bssBytes: readelfSectionBytes(file, '.bss'),
      tdataBytes: readelfSectionBytes(file, '.tdata'),
      tbssBytes: readelfSectionBytes(file, '.tbss'),
    });
  });
});

describe('ngcc-perf size on a malformed-ELF corpus: one line on stderr, exit code 2', () => {
  let scratch = '';
  let original = Buffer.alloc(0);
  // ELF64 header fields (ELF gABI): e_phoff 32, e_shoff 40, e_phnum 56, e_shnum 60, e_shstrndx 62.
  const corrupt = (edit: (bytes: Buffer) => void): Buffer => {
    const bytes = Buffer.from(original);
    edit(bytes);
    return bytes;
  };
  const cases: Array<[string, () => Buffer, RegExp]> = [
    ['cut at 10 bytes', () => original.subarray(0, 10), /only 10 bytes/],
    ['cut at 40 bytes', () => original.subarray(0, 40), /only 40 bytes, but an ELF64 header needs 64/],
    ['cut at 63 bytes', () => original.subarray(0, 63), /only 63 bytes, but an ELF64 header needs 64/],
    [
      'e_phoff past the end',
      () => corrupt((b) => b.writeBigUInt64LE(BigInt(b.length + 4096), 32)),
      /program-header table .* at or past the end/,
    ],
    [
      'e_phnum 65520',
      () => corrupt((b) => b.writeUInt16LE(0xfff0, 56)),
      /program-header table \(offset 64, 65520 × 56 bytes\)/,
    ],
    [
      'e_shoff past the end',
      () => corrupt((b) => b.writeBigUInt64LE(BigInt(b.length + 1), 40)),
      /section-header table .* at or past the end/,
    ],
    ['e_ident class 3', () => corrupt((b) => (b[4] = 3)), /ELF class byte \(offset 4\) is 3/],
    ['e_ident data encoding 0', () => corrupt((b) => (b[5] = 0)), /data-encoding byte \(offset 5\) is 0/],
    [
      'e_shstrndx out of range',
      () => corrupt((b) => b.writeUInt16LE(b.readUInt16LE(60) + 3, 62)),
      /e_shstrndx is \d+, but the file has only \d+ section headers/,
    ],
    ['e_type ET_REL', () => corrupt((b) => b.writeUInt16LE(1, 16)), /relocatable object file/],
    [
      'a PT_LOAD with FileSiz > MemSiz',
      () =>
        corrupt((b) => {
          const phoff = Number(b.readBigUInt64LE(32));
          for (let i = 0; i < b.readUInt16LE(56); i += 1) {
            const at = phoff + 56 * i;
            if (b.readUInt32LE(at) === 1 && b.readBigUInt64LE(at + 32) > 0n) {
              b.writeBigUInt64LE(b.readBigUInt64LE(at + 32) - 1n, at + 40);
              return;
            }
          }
        }),
      /PT_LOAD segment in program header \d+ has FileSiz \d+ larger than MemSiz \d+/,
    ],
  ];

  beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-size-corpus-'));
    original = readFileSync(path.join(examplesDir, 'libsm3.so'));
  });
  afterAll(() => {
    if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
  });

  it.each(cases)('%s', async (name, make, message) => {
    const file = path.join(scratch, `${name.replace(/\W+/g, '-')}.so`);
    writeFileSync(file, make());
    const result = await run(['size', file]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(`ngcc-perf: ${file}: `)).toBe(true);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });
});
