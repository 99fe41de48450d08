// Synthetic packages for the layouts discovery must decide by the compiler, the linker and the
// digests (test/fixtures/toy-packages/README.md): no submitted code or text, the toy hash only.
// Wolfberry: an extra nesting level, the instance name spelled unlike the manifest's folder-name
// label, main() behind an #ifdef, a header with mixed line endings and no final newline, CRLF
// sources, an optimized twin under another name whose code lives in a shared common/ folder, and
// a KAT generator that includes a header the package does not ship (it cannot be compiled), and
// beside the instance folders a benchmark program for another system (windows.h).
// Xigua: an instance folder whose path holds a space, `$`, quotes and unicode. Yuzu: nothing
// measurable (its CryptHash calls a function no file of the package defines).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'toy-packages');
const toyHash = (header: string) => readFileSync(path.join(fixtures, 'toy_hash.c'), 'utf8').replace('@HEADER@', header);

function put(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

const header = (name: string, bits: number, eol: (i: number) => string) =>
  ['/* toy instance header */', `#define ALGORITHM_INSTANCE "${name}"`, `#define DIGEST_BIT_LENGTH ${bits}`]
    .map((line, i, all) => line + (i === all.length - 1 ? '' : eol(i)))
    .join('');

/** The folder of the reference instance of Wolfberry (one level deeper than most packages). */
export const WOLFBERRY_REF = 'Implementations/Implementation/Reference_Implementation/Wolfberry-256';
/** The optimized Wolfberry folder: its own header under another name, its code in `common/`. */
export const WOLFBERRY_OPT = 'Implementations/Implementation/Optimized_Implementation/Wolfberry-256-fast';
/** The Xigua instance folder: a space, `$`, quotes and unicode in one name. */
export const XIGUA_FOLDER = 'Implementations/Reference_Implementation/Xigua $v "q" 杂凑-512';

/** Writes `<parent>/Wolfberry/…` and returns its folder. */
export function writeWolfberry(parent: string): string {
  const root = path.join(parent, 'Wolfberry');
  // mixed endings, no final newline
  put(
    root,
    `${WOLFBERRY_REF}/CryptHash_AlgorithmInstance.h`,
    header('wolfberry_256', 256, (i) => (i % 2 ? '\n' : '\r\n')),
  );
  const selfTest =
    '\n#ifdef WOLFBERRY_SELFTEST\n#include <stdio.h>\nint main(void)\n{\n    unsigned char d[32];\n    return CryptHash(256, (const unsigned char *)"", 0, d);\n}\n#endif\n';
  put(
    root,
    `${WOLFBERRY_REF}/wolfberry.c`,
    (toyHash('CryptHash_AlgorithmInstance.h') + selfTest).replace(/\n/g, '\r\n'),
  );
  put(
    root,
    `${WOLFBERRY_REF}/KAT_CryptHash.c`,
    '#include <stdio.h>\n#include "drng.h"\n#include "CryptHash_AlgorithmInstance.h"\nint main(void)\n{\n' +
      '    unsigned char d[DIGEST_BIT_LENGTH / 8];\n' +
      '    return CryptHash(DIGEST_BIT_LENGTH, (const unsigned char *)"", 0, d);\n}\n',
  );
  put(
    root,
    'Implementations/Implementation/Reference_Implementation/bench_win.c',
    '#include <windows.h>\n#include "Wolfberry-256/CryptHash_AlgorithmInstance.h"\n' +
      'int main(void)\n{\n    SetPriorityClass(GetCurrentProcess(), HIGH_PRIORITY_CLASS);\n    return 0;\n}\n',
  );
  put(root, `${WOLFBERRY_OPT}/CryptHash_AlgorithmInstance.h`, header('Wolfberry_FAST256', 256, () => '\n') + '\n');
  put(
    root,
    `${WOLFBERRY_OPT}/wolfberry_fast.c`,
    '#include "CryptHash_AlgorithmInstance.h"\n#include "toy_core.h"\n' +
      'int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)\n' +
      '{\n    return toy_core_hash(digest_len_bits, msg, msg_len_bits, digest);\n}\n',
  );
  put(
    root,
    'Implementations/Implementation/common/toy_core.h',
    'int toy_core_hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);\n',
  );
  put(
    root,
    'Implementations/Implementation/common/toy_core.c',
    toyHash('toy_core_config.h').replace(/\bCryptHash\b/g, 'toy_core_hash'),
  );
  put(root, 'Implementations/Implementation/common/toy_core_config.h', '#define DIGEST_BIT_LENGTH 256\n');
  return root;
}

/** Writes `<parent>/Xigua/…` and returns its folder. */
export function writeXigua(parent: string): string {
  const root = path.join(parent, 'Xigua');
  put(root, `${XIGUA_FOLDER}/CryptHash_AlgorithmInstance.h`, header('Xigua-512', 512, () => '\n') + '\n');
  put(root, `${XIGUA_FOLDER}/xigua hash.c`, toyHash('CryptHash_AlgorithmInstance.h'));
  return root;
}

/** Writes `<parent>/Yuzu/…` (nothing measurable) and returns its folder. */
export function writeYuzu(parent: string): string {
  const root = path.join(parent, 'Yuzu');
  const folder = 'Implementations/Reference_Implementation/Yuzu-256';
  put(root, `${folder}/CryptHash_AlgorithmInstance.h`, header('Yuzu-256', 256, () => '\n') + '\n');
  put(
    root,
    `${folder}/yuzu.c`,
    '#include "CryptHash_AlgorithmInstance.h"\nint yuzu_round(unsigned char *digest, int bytes);\n' +
      'int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)\n' +
      '{\n    (void)msg; (void)msg_len_bits;\n    return yuzu_round(digest, digest_len_bits / 8);\n}\n',
  );
  return root;
}

/** The reference Wolfberry folder of {@link writeWolfberryHeaderless}. */
export const HEADERLESS_REF = 'Implementations/Reference_Implementation/Wolfberry-256';
/** Its optimized folder: code that includes the instance header, which only the reference twin holds. */
export const HEADERLESS_OPT = 'Implementations/Optimized_Implementation/Wolfberry-256';
/** Its additional folder: code that includes a header nowhere in the package. */
export const HEADERLESS_LOST = 'Implementations/Additional_Implementation/Wolfberry-256';

/**
 * Writes `<parent>/Wolfberry/…` (catalogued as toy-08, whose manifest holds 256-bit digests): a
 * reference instance `Wolfberry-256`, an optimized folder of the same name whose `.c` includes
 * `CryptHash_AlgorithmInstance.h` and then `wolfberry_params.h` (both in the reference folder
 * only) without holding them (beside it a benchmark program including the same header), and an additional folder whose `.c`
 * includes a header no folder of the package holds. Returns the package folder.
 */
export function writeWolfberryHeaderless(parent: string): string {
  const root = path.join(parent, 'Wolfberry');
  put(root, `${HEADERLESS_REF}/CryptHash_AlgorithmInstance.h`, header('Wolfberry-256', 256, () => '\n') + '\n');
  put(root, `${HEADERLESS_REF}/wolfberry.c`, toyHash('CryptHash_AlgorithmInstance.h'));
  put(root, `${HEADERLESS_REF}/wolfberry_params.h`, '#define WOLFBERRY_LANES 4\n');
  // gcc stops at the first missing header: the second shows only once the first is supplied
  put(
    root,
    `${HEADERLESS_OPT}/wolfberry_opt.c`,
    `${toyHash('CryptHash_AlgorithmInstance.h')}\n#include "wolfberry_params.h"\nint wolfberry_lanes = WOLFBERRY_LANES;\n`,
  );
  // a benchmark beside it: a program, which shows its main only once the instance header is there
  put(
    root,
    `${HEADERLESS_OPT}/bench_opt.c`,
    '#include "CryptHash_AlgorithmInstance.h"\n#include <stdio.h>\nint main(void)\n{\n    printf("%d\\n", DIGEST_BIT_LENGTH);\n    return 0;\n}\n',
  );
  put(root, `${HEADERLESS_LOST}/wolfberry_simd.c`, toyHash('wolfberry_simd_tables.h'));
  return root;
}
