/* Constant-time audit toy (NOT cryptographic): a library that picks its path
 * at run time. When CPUID says avx512f, it takes a path with a table indexed
 * by message bytes (ct-dispatch); otherwise a clean path. Valgrind hides
 * AVX-512, so under it only the clean path runs. */
#include "ct_toy.h"

static const unsigned char T[256] = {
#define R(i) (unsigned char)((i) * 37 + 5)
#define R4(i) R(i), R(i + 1), R(i + 2), R(i + 3)
#define R16(i) R4(i), R4(i + 4), R4(i + 8), R4(i + 12)
    R16(0), R16(16), R16(32), R16(48), R16(64), R16(80), R16(96), R16(112),
    R16(128), R16(144), R16(160), R16(176), R16(192), R16(208), R16(224), R16(240)};

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long n = msg_len_bits / 8;
    unsigned long long i;
    unsigned h = 0x510E527Fu;
    int wide = __builtin_cpu_supports("avx512f");
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (wide) {
            h = (h << 3 | h >> 29) ^ T[msg[i]]; /* ct-dispatch: memory-index */
        } else {
            h = (h << 3 | h >> 29) ^ msg[i];
        }
    }
    ct_toy_digest(h, digest_len_bits, digest);
    return 0;
}
