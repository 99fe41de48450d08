/* Constant-time audit toy (NOT cryptographic): a branch on a message bit.
 * Expected finding: branch on the marked line. */
#include "ct_toy.h"

__attribute__((noinline)) static unsigned ct_mix(unsigned h)
{
    return h * 2654435761u + 0x9E37u;
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long n = msg_len_bits / 8;
    unsigned long long i;
    unsigned h = 1;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (msg[i] & 1u) { /* ct-expect: branch */
            h = ct_mix(h);
        }
        h += 1;
    }
    ct_toy_digest(h, digest_len_bits, digest);
    return 0;
}
