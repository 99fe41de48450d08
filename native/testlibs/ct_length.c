/* Constant-time audit toy (NOT cryptographic): control flow that depends on
 * the message length only (64-byte blocks, a padded last block, a partial last
 * byte), as in a Merkle-Damgard hash. The length is public: no finding. */
#include "ct_toy.h"

#include <string.h>

static unsigned ct_block(unsigned h, const unsigned char *block)
{
    int i;
    for (i = 0; i < 64; i++) {
        h = ((h << 7) | (h >> 25)) ^ (h + block[i]);
    }
    return h;
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long full = msg_len_bits / 512;
    unsigned long long rest_bits = msg_len_bits % 512;
    unsigned long long b;
    unsigned char last[128];
    unsigned h = 0xBB67AE85u;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    for (b = 0; b < full; b++) {
        h = ct_block(h, msg + b * 64);
    }
    memset(last, 0, sizeof last);
    memcpy(last, msg + full * 64, (size_t)((rest_bits + 7) / 8));
    if (rest_bits % 8 != 0) {
        last[rest_bits / 8] &= (unsigned char)(0xFFu << (8 - rest_bits % 8));
    }
    last[rest_bits / 8] |= (unsigned char)(0x80u >> (rest_bits % 8));
    h = ct_block(h, last);
    if (rest_bits >= 448) {
        h = ct_block(h, last + 64);
    }
    ct_toy_digest(h ^ (unsigned)msg_len_bits, digest_len_bits, digest);
    return 0;
}
