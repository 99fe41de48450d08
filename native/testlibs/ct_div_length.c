/* Constant-time audit toy (NOT cryptographic): a sponge-like block count,
 * (length + rate) / rate, with a rate that depends on the digest length, so
 * the compiler keeps a div instruction. Its operands are public (the length
 * and the digest length): no finding, the division is listed as public. */
#include "ct_toy.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long rate_bits;
    unsigned long long blocks;
    unsigned long long i;
    unsigned h = 0xA54FF53Au;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0 || digest_len_bits > 768) {
        return -1;
    }
    rate_bits = 1600u - 2u * (unsigned long long)digest_len_bits;
    blocks = (msg_len_bits + rate_bits) / rate_bits; /* ct-public: variable-latency */
    for (i = 0; i < msg_len_bits / 8; i++) {
        h = (h << 5 | h >> 27) + msg[i];
    }
    ct_toy_digest(h ^ (unsigned)blocks, digest_len_bits, digest);
    return 0;
}
