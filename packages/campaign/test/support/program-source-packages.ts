// A synthetic package whose algorithm file carries a test main() that only the package's own build
// script turns off (-DTOY_NO_MAIN): the instance's CryptHash adapter needs the symbols that file
// defines, and no other source defines them. No submitted code or text, the toy hash only.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'toy-packages');

/** The instance folder of the package {@link writeProgramSourcePackage} writes. */
export const PROGRAM_SOURCE_FOLDER = 'Implementations/Reference_Implementation/Wolfberry-256';

/** Writes `<parent>/Wolfberry/…` (catalogued as toy-08, 256-bit digests) and returns its folder. */
export function writeProgramSourcePackage(parent: string): string {
  const root = path.join(parent, 'Wolfberry');
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, PROGRAM_SOURCE_FOLDER, file)), { recursive: true });
    writeFileSync(path.join(root, PROGRAM_SOURCE_FOLDER, file), text);
  };
  const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
  put(
    'CryptHash_AlgorithmInstance.h',
    '#define ALGORITHM_INSTANCE "Wolfberry-256"\n#define DIGEST_BIT_LENGTH 256\n#define OUTPUT_BLANK_TEST_VECTORS 0\n',
  );
  put(
    'CryptHash_AlgorithmInstance.c',
    '#include "CryptHash_AlgorithmInstance.h"\n' +
      'int toy_core_hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);\n' +
      'int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)\n' +
      '{\n    return toy_core_hash(digest_len_bits, msg, msg_len_bits, digest);\n}\n',
  );
  put(
    'toy_core.c',
    fixture('toy_hash.c')
      .replace('@HEADER@', 'CryptHash_AlgorithmInstance.h')
      .replace(/\bCryptHash\b/g, 'toy_core_hash') +
      '\n#if !defined(TOY_NO_MAIN)\n#include <stdio.h>\nint main(void)\n{\n    unsigned char d[32];\n' +
      '    printf("%d\\n", toy_core_hash(256, (const unsigned char *)"abc", 24, d));\n    return 0;\n}\n#endif\n',
  );
  put('KAT_CryptHash.c', fixture('toy_kat_main.c').replace('@HEADER@', 'CryptHash_AlgorithmInstance.h'));
  put('drng.c', fixture('toy_drng.c'));
  put('drng.h', fixture('toy_drng.h'));
  put(
    'build_kat.sh',
    '#!/bin/sh\ngcc -DTOY_NO_MAIN -I. KAT_CryptHash.c drng.c CryptHash_AlgorithmInstance.c toy_core.c -o kat\n',
  );
  return root;
}
