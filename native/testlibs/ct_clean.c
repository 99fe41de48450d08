/* Constant-time audit toy (NOT cryptographic): data-independent code, only
 * additions, XORs and rotations of message bytes. Expected: no finding. */
#include "ct_toy.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long n = (msg_len_bits + 7) / 8;
    unsigned long long i;
    unsigned h = 0x6A09E667u;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    for (i = 0; i < n; i++) {
        h = ((h << 5) | (h >> 27)) + (h ^ msg[i]);
    }
    ct_toy_digest(h, digest_len_bits, digest);
    return 0;
}
