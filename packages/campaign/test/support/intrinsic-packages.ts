// A synthetic package whose optimized folder calls an AES-NI intrinsic (test/fixtures/toy-packages/
// README.md): no submitted code or text, the toy hash only. The optimized CryptHash mixes in an
// AES round whose result is xored with itself (always zero), so its digests equal the reference
// twin's; gcc refuses it ("target specific option mismatch") unless built with -maes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'toy-packages');

/** The reference and optimized instance folders of the package {@link writeAesToyPackage} writes. */
export const AES_TOY_REF = 'Implementations/Reference_Implementation/Wolfberry-256';
export const AES_TOY_OPT = 'Implementations/Optimized_Implementation/Wolfberry-256';

const AES_ZERO =
  '#include <wmmintrin.h>\n' +
  'static unsigned long long toy_aes_zero(unsigned long long x)\n{\n' +
  '    __m128i a = _mm_set_epi64x(0, (long long)x);\n' +
  '    __m128i b = _mm_aesenc_si128(a, a);\n' +
  '    return (unsigned long long)_mm_cvtsi128_si64(_mm_xor_si128(b, b));\n}\n';

/** Writes `<parent>/Wolfberry/…` (catalogued as toy-08, 256-bit digests) and returns its folder. */
export function writeAesToyPackage(parent: string): string {
  const root = path.join(parent, 'Wolfberry');
  const toy = readFileSync(path.join(fixtures, 'toy_hash.c'), 'utf8').replace(
    '@HEADER@',
    'CryptHash_AlgorithmInstance.h',
  );
  const header = (name: string) =>
    `#define ALGORITHM_INSTANCE "${name}"\n#define DIGEST_BIT_LENGTH 256\n#define OUTPUT_BLANK_TEST_VECTORS 0\n`;
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  put(`${AES_TOY_REF}/CryptHash_AlgorithmInstance.h`, header('Wolfberry-256'));
  put(`${AES_TOY_REF}/wolfberry.c`, toy);
  put(`${AES_TOY_OPT}/CryptHash_AlgorithmInstance.h`, header('Wolfberry-256'));
  const aes = toy
    .replace('#include <string.h>\n', `#include <string.h>\n${AES_ZERO}`)
    .replace(
      '    s[0] ^= (unsigned long long)DIGEST_BIT_LENGTH;',
      '    s[0] ^= (unsigned long long)DIGEST_BIT_LENGTH ^ toy_aes_zero(s[1]);',
    );
  if (!aes.includes('toy_aes_zero(s[1])')) throw new Error('toy_hash.c changed: the AES round is not mixed in');
  put(`${AES_TOY_OPT}/wolfberry_aesni.c`, aes);
  put(
    `${AES_TOY_OPT}/KAT_CryptHash.c`,
    readFileSync(path.join(fixtures, 'toy_kat_main.c'), 'utf8').replace('@HEADER@', 'CryptHash_AlgorithmInstance.h'),
  );
  put(`${AES_TOY_OPT}/drng.c`, readFileSync(path.join(fixtures, 'toy_drng.c'), 'utf8'));
  put(`${AES_TOY_OPT}/drng.h`, readFileSync(path.join(fixtures, 'toy_drng.h'), 'utf8'));
  return root;
}
