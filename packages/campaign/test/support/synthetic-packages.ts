// Lays out synthetic NGCC packages (test/fixtures/toy-packages/README.md) the way the official
// ones are laid out, with a toy hash: no submitted code or text. Each layout reproduces one
// feature discovery must handle; the tests unpack them as folders and as .zip archives.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'toy-packages');
const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

/** One instance folder of a synthetic package. */
export interface ToyInstance {
  folder: string;
  katName: string;
  digestBits: number;
  /** Header file name; default `CryptHash_AlgorithmInstance.h`. */
  header?: string;
  /** `TOY_*` switches of toy_hash.c (defined in the instance header). */
  switches?: string[];
  /** Add the KAT generator (`KAT_CryptHash.c`, with main) and the DRNG (`drng.c`/`drng.h`); default true. */
  generator?: boolean;
  /** The algorithm source: C (default), C++ (`.cpp`) or assembly (`.S` made from the C by gcc -S). */
  language?: 'c' | 'c++' | 'asm';
  /** CRLF line endings and a UTF-8 comment in the header. */
  crlf?: boolean;
}

/** A synthetic package: its instances and any other files (path → text). */
export interface ToyPackage {
  name: string;
  instances: ToyInstance[];
  files?: Record<string, string>;
}

function header(instance: ToyInstance): string {
  const lines = [
    instance.crlf ? '/* 示例头文件: toy instance header */' : '/* toy instance header */',
    '#ifndef TOY_INSTANCE_H',
    '#define TOY_INSTANCE_H',
    `#define ALGORITHM_INSTANCE "${instance.katName}"`,
    `#define DIGEST_BIT_LENGTH ${instance.digestBits}`,
    '#define OUTPUT_BLANK_TEST_VECTORS 0',
    ...(instance.switches ?? []).map((s) => `#define ${s}`),
    '#endif',
    '',
  ];
  return lines.join(instance.crlf ? '\r\n' : '\n');
}

function writeInstance(root: string, instance: ToyInstance): void {
  const folder = path.join(root, instance.folder);
  mkdirSync(folder, { recursive: true });
  const headerName = instance.header ?? 'CryptHash_AlgorithmInstance.h';
  writeFileSync(path.join(folder, headerName), header(instance));
  const source = fixture('toy_hash.c').replace('@HEADER@', headerName);
  const stem = instance.katName.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  if (instance.language === 'asm') {
    const c = path.join(folder, `${stem}.tmp.c`);
    writeFileSync(c, source);
    execFileSync('gcc', ['-S', '-O2', '-fPIC', '-o', path.join(folder, `${stem}.S`), c]);
    rmSync(c);
  } else {
    writeFileSync(path.join(folder, `${stem}.${instance.language === 'c++' ? 'cpp' : 'c'}`), source);
  }
  if (instance.generator ?? true) {
    const main = fixture('toy_kat_main.c').replace('@HEADER@', headerName);
    writeFileSync(
      path.join(folder, 'KAT_CryptHash.c'),
      instance.crlf ? main.replace(/int main\(void\)\n\{/, 'int\r\nmain ( void )\r\n{').replace(/\n/g, '\r\n') : main,
    );
    writeFileSync(path.join(folder, 'drng.c'), fixture('toy_drng.c'));
    writeFileSync(path.join(folder, 'drng.h'), fixture('toy_drng.h'));
  }
}

/**
 * Writes a package as `<parent>/<name>/…` (as an official archive unpacks) and returns its folder.
 * @example
 * writeToyPackage(tmp, TOY_LAYOUTS[0]!); // '<tmp>/Kumquat'
 */
export function writeToyPackage(parent: string, toy: ToyPackage): string {
  const root = path.join(parent, toy.name);
  for (const instance of toy.instances) writeInstance(root, instance);
  for (const [file, text] of Object.entries(toy.files ?? {})) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** Zips a folder written by {@link writeToyPackage} into `<parent>/<name>.zip` (entries `<name>/…`). */
export async function zipToyPackage(folder: string, archive: string): Promise<string> {
  const zip = new yazl.ZipFile();
  const add = (relative: string) => {
    const full = path.join(path.dirname(folder), relative);
    const entries = execFileSync('find', [full, '-type', 'f'], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
    for (const file of entries) zip.addFile(file, path.relative(path.dirname(folder), file).split(path.sep).join('/'));
  };
  add(path.basename(folder));
  const done = new Promise<void>((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => {
      writeFileSync(archive, Buffer.concat(chunks));
      resolve();
    });
    zip.outputStream.on('error', reject);
  });
  zip.end();
  await done;
  return archive;
}

const REF = 'Implementations/Reference_Implementation';
const OPT = 'Implementations/Optimized_Implementation';
const ADD = 'Implementations/Additional_Implementation';

/** The synthetic layouts, one official-package feature each (ids `toy-01` … in catalog/). */
export const TOY_LAYOUTS: ToyPackage[] = [
  {
    // flat reference tree, three instances whose folder names sort 1024 < 512 < 768, PDFs and a Chinese folder
    name: 'Kumquat',
    instances: [1024, 512, 768].map((bits) => ({
      folder: `${REF}/Kumquat-${bits}`,
      katName: `kumquat_${bits}`,
      digestBits: bits,
    })),
    files: { 'Basic_Information.pdf': '%PDF-1.4 toy\n', '中文资料/基本信息.pdf': '%PDF-1.4 toy\n' },
  },
  {
    // deep folders with spaces, CRLF header with a UTF-8 comment, a reformatted generator, KAT files in Test_Vectors
    name: 'Pomelo Hash',
    instances: [
      {
        folder: `Implementations and Test_Vectors/API_CryptHash/${REF}/Pomelo-256`,
        katName: 'Pomelo-256',
        digestBits: 256,
        crlf: true,
      },
    ],
  },
  {
    // another header name, generate_kat.sh beside the instances, ISA folders, a Verilog folder
    name: 'Quince',
    instances: [
      { folder: `${REF}/Quince-512`, katName: 'quince_512', digestBits: 512, header: 'CryptHash_Quince-512.h' },
      {
        folder: `${OPT}/Quince-512/AVX2`,
        katName: 'quince_512',
        digestBits: 512,
        header: 'CryptHash_Quince-512.h',
        generator: false,
      },
      { folder: `${ADD}/ARMv8/Quince-512`, katName: 'quince_512', digestBits: 512, header: 'CryptHash_Quince-512.h' },
      { folder: `${ADD}/AVX512/Quince-512`, katName: 'quince_512', digestBits: 512, header: 'CryptHash_Quince-512.h' },
    ],
    files: {
      [`${REF}/generate_kat.sh`]: '#!/bin/sh\necho toy\n',
      [`${ADD}/ASIC/quince_core.v`]: 'module quince_core(input clk); endmodule\n',
    },
  },
  {
    // the optimized folder holds only a .S per instance and the same header: it defines CryptHash itself
    name: 'Sloe',
    instances: [
      { folder: `${REF}/Sloe-512`, katName: 'sloe_512', digestBits: 512 },
      { folder: `${OPT}/Sloe-512`, katName: 'sloe_512', digestBits: 512, generator: false, language: 'asm' },
    ],
  },
  {
    // an optimized folder with only the algorithm (byte lengths, no instance macros, own main.c), and Others/
    name: 'Tamarind',
    instances: [
      { folder: `${REF}/Tamarind-512`, katName: 'tamarind_512', digestBits: 512 },
      { folder: 'Others/Self_Assessment/Tamarind-512', katName: 'tamarind_512', digestBits: 512 },
    ],
    files: {
      [`${OPT}/Tamarind-512/toy_bytes_only.c`]: fixture('toy_bytes_only.c'),
      [`${OPT}/Tamarind-512/toy_bytes_only.h`]: fixture('toy_bytes_only.h'),
      [`${OPT}/Tamarind-512/main.c`]:
        '#include "toy_bytes_only.h"\nint main(void) { unsigned char d[64]; toy_hash_bytes((const unsigned char *)"", 0, d, 64); return d[0] == 1; }\n',
      'Others/Benchmark/build/CMakeFiles/3.31/CompilerIdC/CMakeCCompilerId.c': 'int main(void) { return 0; }\n',
      'Others/Benchmark/build/tamarind.o': 'not an object\n',
    },
  },
  {
    // per-goal optimized folders, a C++ reference source, an algorithm that uses the package's DRNG file
    name: 'Ugli',
    instances: [
      { folder: `${REF}/Ugli-512`, katName: 'ugli_512', digestBits: 512, language: 'c++' },
      { folder: `${OPT}/Ugli-512-op-per`, katName: 'ugli_512', digestBits: 512, switches: ['TOY_USES_DRNG'] },
      { folder: `${OPT}/Ugli-512-op-res`, katName: 'ugli_512', digestBits: 512 },
    ],
  },
  {
    // behaviours: an XOF writing its fixed length, a per-call leak, a costly first call, a strict length check
    name: 'Voavanga',
    instances: [
      { folder: `${REF}/Voavanga-XOF`, katName: 'voavanga_xof', digestBits: 512, switches: ['TOY_FIXED_LENGTH'] },
      {
        folder: `${REF}/Voavanga-256`,
        katName: 'voavanga_256',
        digestBits: 256,
        switches: ['TOY_LEAK', 'TOY_STRICT_LENGTH'],
      },
      { folder: `${REF}/Voavanga-512`, katName: 'voavanga_512', digestBits: 512, switches: ['TOY_COSTLY_FIRST'] },
    ],
  },
];

/**
 * A package the tests rename (`submission-7/`, `batch/Zucchini/`): two instances at digest lengths
 * no other layout has, so its KAT digests are in one fixture manifest only (`toy-11`).
 */
export const ZUCCHINI: ToyPackage = {
  name: 'Zucchini',
  instances: [224, 384].map((bits) => ({
    folder: `${REF}/Zucchini-${bits}`,
    katName: `zucchini_${bits}`,
    digestBits: bits,
    generator: false,
  })),
};
