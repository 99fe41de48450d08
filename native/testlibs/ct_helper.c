/* Constant-time audit toy (NOT cryptographic): the absorb loop passes a
 * message byte to a helper that indexes a table with it. The load is in the
 * helper; the secret index is formed on the caller's line. Expected finding:
 * memory-index at the ct-load line, its origin at the ct-expect line. */
#include "ct_toy.h"

static const unsigned TABLE[256] = {
#define R(i) (unsigned)((i) * 2654435761u)
#define R4(i) R(i), R(i + 1), R(i + 2), R(i + 3)
#define R16(i) R4(i), R4(i + 4), R4(i + 8), R4(i + 12)
    R16(0), R16(16), R16(32), R16(48), R16(64), R16(80), R16(96), R16(112),
    R16(128), R16(144), R16(160), R16(176), R16(192), R16(208), R16(224), R16(240)};

__attribute__((noinline)) static unsigned mix_in(unsigned h, unsigned index)
{
    return (h * 31u) ^ TABLE[index & 255u]; /* ct-load: memory-index */
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long n = msg_len_bits / 8;
    unsigned long long i;
    unsigned h = 0x6A09E667u;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    for (i = 0; i < n; i++) {
        h = mix_in(h, msg[i]); /* ct-expect: memory-index */
    }
    ct_toy_digest(h, digest_len_bits, digest);
    return 0;
}
