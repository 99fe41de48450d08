/* Constant-time audit toy (NOT cryptographic): two chained S-box lookups. The
 * first is indexed by a message byte; the second by the first's output. The
 * taint run sees the first (ct-expect); memcheck treats the value loaded
 * through a message-derived address as public, so the second (ct-hidden) is
 * downstream of it and may stay unseen: the audit says its list is a lower bound. */
#include "ct_toy.h"

static const unsigned char S1[256] = {
#define R(i) (unsigned char)((i) * 167 + 13)
#define R4(i) R(i), R(i + 1), R(i + 2), R(i + 3)
#define R16(i) R4(i), R4(i + 4), R4(i + 8), R4(i + 12)
    R16(0), R16(16), R16(32), R16(48), R16(64), R16(80), R16(96), R16(112),
    R16(128), R16(144), R16(160), R16(176), R16(192), R16(208), R16(224), R16(240)};
#undef R
#define R(i) (unsigned char)((i) * 89 + 201)
static const unsigned char S2[256] = {
    R16(0), R16(16), R16(32), R16(48), R16(64), R16(80), R16(96), R16(112),
    R16(128), R16(144), R16(160), R16(176), R16(192), R16(208), R16(224), R16(240)};

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long n = msg_len_bits / 8;
    unsigned long long i;
    unsigned h = 0x3C6EF372u;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    for (i = 0; i < n; i++) {
        unsigned t = S1[msg[i]]; /* ct-expect: memory-index */
        __asm__("" : "+r"(t)); /* keeps the two lookups on their own lines in the debug info */
        h = (h << 8 | h >> 24) ^ S2[(t + i) & 255u]; /* ct-hidden: memory-index */
    }
    ct_toy_digest(h, digest_len_bits, digest);
    return 0;
}
