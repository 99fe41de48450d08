#define _POSIX_C_SOURCE 200809L
#include "sm3_lanes.h"

#include "sm3_ref.h"

#include <stdint.h>
#include <string.h>

typedef uint32_t u32x8 __attribute__((vector_size(32)));

#define VROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define VP0(x) ((x) ^ VROTL((x), 9) ^ VROTL((x), 17))
#define VP1(x) ((x) ^ VROTL((x), 15) ^ VROTL((x), 23))

/* One SM3 round on vectors; FF/GG are the boolean functions of that round. */
#define ROUND(j, FF, GG)                                   \
    do {                                                   \
        u32x8 a12 = VROTL(a, 12);                          \
        u32x8 ss1 = a12 + e + SM3_ROTATED_T[j];           \
        u32x8 tt1;                                         \
        u32x8 tt2;                                         \
        ss1 = VROTL(ss1, 7);                               \
        tt1 = FF(a, b, c) + d + (ss1 ^ a12) + (w[j] ^ w[(j) + 4]); \
        tt2 = GG(e, f, g) + h + ss1 + w[j];                \
        d = c;                                             \
        c = VROTL(b, 9);                                   \
        b = a;                                             \
        a = tt1;                                           \
        h = g;                                             \
        g = VROTL(f, 19);                                  \
        f = e;                                             \
        e = VP0(tt2);                                      \
    } while (0)

#define FF_LOW(x, y, z) ((x) ^ (y) ^ (z))
#define GG_LOW(x, y, z) ((x) ^ (y) ^ (z))
#define FF_HIGH(x, y, z) (((x) & (y)) | ((x) & (z)) | ((y) & (z)))
#define GG_HIGH(x, y, z) (((x) & (y)) | (~(x) & (z)))

/* Builds the padded block of each message as 16 big-endian words per lane. */
static void load_padded_words(const unsigned char *messages, size_t n_bytes,
                              uint32_t words[16][SM3_LANES])
{
    unsigned char block[SM3_BLOCK_BYTES];
    uint64_t bits = (uint64_t)n_bytes * 8;
    int lane;
    int i;
    memset(block, 0, sizeof block);
    block[n_bytes] = 0x80;
    for (i = 0; i < 8; i++) {
        block[SM3_BLOCK_BYTES - 1 - i] = (unsigned char)(bits >> (8 * i));
    }
    for (lane = 0; lane < SM3_LANES; lane++) {
        memcpy(block, messages + (size_t)lane * n_bytes, n_bytes);
        for (i = 0; i < 16; i++) {
            const unsigned char *p = block + 4 * i;
            words[i][lane] = ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
                             ((uint32_t)p[2] << 8) | (uint32_t)p[3];
        }
    }
}

#if defined(__x86_64__) && defined(__GLIBC__) && defined(__GNUC__)
/* One build runs everywhere: the AVX2 clone is chosen at load time (ifunc)
 * on CPUs that have it; the default clone uses SSE2. */
__attribute__((target_clones("avx2", "default")))
#endif
static void compress_lanes(const uint32_t words[16][SM3_LANES], uint32_t out[8][SM3_LANES])
{
    u32x8 w[68];
    u32x8 a, b, c, d, e, f, g, h;
    u32x8 iv[8];
    int j;
    for (j = 0; j < 16; j++) {
        memcpy(&w[j], words[j], sizeof w[j]);
    }
    for (j = 16; j < 68; j++) {
        u32x8 x = w[j - 16] ^ w[j - 9] ^ VROTL(w[j - 3], 15);
        w[j] = VP1(x) ^ VROTL(w[j - 13], 7) ^ w[j - 6];
    }
    for (j = 0; j < 8; j++) {
        iv[j] = (u32x8){0, 0, 0, 0, 0, 0, 0, 0} + SM3_IV[j];
    }
    a = iv[0];
    b = iv[1];
    c = iv[2];
    d = iv[3];
    e = iv[4];
    f = iv[5];
    g = iv[6];
    h = iv[7];
    for (j = 0; j < 16; j++) {
        ROUND(j, FF_LOW, GG_LOW);
    }
    for (j = 16; j < 64; j++) {
        ROUND(j, FF_HIGH, GG_HIGH);
    }
    iv[0] ^= a;
    iv[1] ^= b;
    iv[2] ^= c;
    iv[3] ^= d;
    iv[4] ^= e;
    iv[5] ^= f;
    iv[6] ^= g;
    iv[7] ^= h;
    for (j = 0; j < 8; j++) {
        memcpy(out[j], &iv[j], sizeof iv[j]);
    }
}

void sm3_lanes_one_block(const unsigned char *messages, size_t n_bytes, unsigned char *digests)
{
    uint32_t words[16][SM3_LANES];
    uint32_t out[8][SM3_LANES];
    int lane;
    int i;
    load_padded_words(messages, n_bytes, words);
    compress_lanes((const uint32_t(*)[SM3_LANES])words, out);
    for (lane = 0; lane < SM3_LANES; lane++) {
        unsigned char *p = digests + (size_t)lane * SM3_DIGEST_BYTES;
        for (i = 0; i < 8; i++) {
            uint32_t v = out[i][lane];
            p[4 * i] = (unsigned char)(v >> 24);
            p[4 * i + 1] = (unsigned char)(v >> 16);
            p[4 * i + 2] = (unsigned char)(v >> 8);
            p[4 * i + 3] = (unsigned char)v;
        }
    }
}
