/* Constant-time audit toy (NOT cryptographic): executes an AVX-512
 * instruction (vpxord zmm0, zmm0, zmm0, as bytes) on every call. Valgrind
 * cannot run it: the audit quotes valgrind's lines about the instruction.
 * Natively it runs only where the CPU has avx512f. */
#include "ct_toy.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long i;
    unsigned h = 0x9B05688Cu;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    __asm__ volatile(".byte 0x62, 0xf1, 0x7d, 0x48, 0xef, 0xc0" ::: "xmm0"); /* ct-unhandled */
    for (i = 0; i < msg_len_bits / 8; i++) {
        h = (h << 5 | h >> 27) + msg[i];
    }
    ct_toy_digest(h, digest_len_bits, digest);
    return 0;
}
