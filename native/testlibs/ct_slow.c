/* Constant-time audit toy (NOT cryptographic): a slow hash (many rounds of
 * arithmetic per call) with one lookup indexed by a message byte into a table
 * of 256 entries 64 KiB apart (one cache set, one page each), written once so
 * that they are real pages. The fixed class (all-zero messages) always reads
 * the same, warm entry; the random class mostly a cold one. Expected finding:
 * memory-index at the marked line; the timing test must see it too. */
#include "ct_toy.h"

#define STRIDE 65536u
#define ROUNDS 6000u

static unsigned char pages[256 * STRIDE];
static int pages_written;

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long n = msg_len_bits / 8;
    unsigned long long i;
    unsigned h = 0x1F83D9ABu;
    unsigned r;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    if (!pages_written) {
        for (i = 0; i < sizeof pages; i += 64) {
            pages[i] = (unsigned char)(i >> 6);
        }
        pages_written = 1;
    }
    for (i = 0; i < n; i++) {
        h = (h << 7 | h >> 25) + msg[i];
    }
    for (r = 0; r < ROUNDS; r++) {
        h = (h ^ (h >> 13)) * 0x5BD1E995u + r;
    }
    if (n > 0) {
        h ^= pages[(unsigned)msg[0] * STRIDE + (h & 63u)]; /* ct-expect: memory-index */
    }
    ct_toy_digest(h, digest_len_bits, digest);
    return 0;
}
