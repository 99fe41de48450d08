/* Constant-time audit toy (NOT cryptographic): a division by a message byte.
 * Expected finding: variable-latency on the marked line. */
#include "ct_toy.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long n = msg_len_bits / 8;
    unsigned long long i;
    unsigned h = 0x12345u;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    for (i = 0; i < n; i++) {
        h = h / (msg[i] | 1u) + 0x10001u * (unsigned)(i + 1); /* ct-expect: variable-latency */
    }
    ct_toy_digest(h, digest_len_bits, digest);
    return 0;
}
