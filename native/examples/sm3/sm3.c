/*
 * SM3 (GB/T 32905-2016) behind the NGCC CryptHash API (the ICCS CryptHash API).
 *
 * Written for ngcc-perf as a bundled example candidate: portable C99, no heap, no
 * global mutable state (thread-safe), only CryptHash is exported. One instance, sm3,
 * with 256 digest bits; any other digest length is rejected.
 *
 * Bit order: a message of L bits fills bytes from the most significant bit down, the
 * last byte holding L mod 8 bits in its high-order bits; that is the standard's own order
 * (its padding appends the '1' bit right after the last message bit).
 *
 * The same file is the ICCS baseline's sm3hash, and pseudoxof.c includes it with
 * NGCC_SM3_NO_CRYPTHASH defined to reuse sm3_digest (SM3 of a message followed by a
 * 32-bit counter) for the KDF of GB/T 32918.4-2016.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest);

#define SM3_BLOCK_BYTES 64u
#define SM3_DIGEST_BITS 256

/* IV (GB/T 32905, 4.1). */
static const uint32_t sm3_iv[8] = {
    0x7380166fUL, 0x4914b2b9UL, 0x172442d7UL, 0xda8a0600UL,
    0xa96f30bcUL, 0x163138aaUL, 0xe38dee4dUL, 0xb0fb0e4eUL
};

/* Round constants T_j (GB/T 32905, 4.2): one for rounds 0..15, one for rounds 16..63. */
#define SM3_T_LOW 0x79cc4519UL
#define SM3_T_HIGH 0x7a879d8aUL

#define ROTL32(x, n) ((uint32_t)(((x) << (n)) | ((x) >> (32 - (n)))))
/* Permutations P0 and P1 (GB/T 32905, 4.4). */
#define P0(x) ((x) ^ ROTL32(x, 9) ^ ROTL32(x, 17))
#define P1(x) ((x) ^ ROTL32(x, 15) ^ ROTL32(x, 23))

static uint32_t load32_be(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) |
           (uint32_t)p[3];
}

static void store32_be(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/*
 * One round j of CF (GB/T 32905, 5.3.3). ff and gg are FF_j(a, b, c) and GG_j(e, f, g);
 * tj is T_j <<< (j mod 32). The rotation of b and f and the renaming of the eight
 * registers are done by the caller's argument order.
 */
#define SM3_ROUND(a, b, c, d, e, f, g, h, ff, gg, tj, wj, wj4)              \
    do {                                                                    \
        uint32_t a12_ = ROTL32(a, 12);                                      \
        uint32_t ss1_ = ROTL32((uint32_t)(a12_ + (e) + (tj)), 7);           \
        uint32_t ss2_ = ss1_ ^ a12_;                                        \
        uint32_t tt1_ = (uint32_t)((ff) + (d) + ss2_ + ((wj) ^ (wj4)));     \
        uint32_t tt2_ = (uint32_t)((gg) + (h) + ss1_ + (wj));               \
        (d) = tt1_;                                                         \
        (b) = ROTL32(b, 9);                                                 \
        (h) = P0(tt2_);                                                     \
        (f) = ROTL32(f, 19);                                                \
    } while (0)

#define FF_LOW(x, y, z) ((x) ^ (y) ^ (z))
#define FF_HIGH(x, y, z) (((x) & (y)) | ((x) & (z)) | ((y) & (z)))
#define GG_LOW(x, y, z) ((x) ^ (y) ^ (z))
#define GG_HIGH(x, y, z) (((x) & (y)) | (~(x) & (z)))

/* The compression function CF on one 512-bit block, with message expansion (5.3.2). */
static void sm3_compress(uint32_t v[8], const unsigned char *block)
{
    uint32_t w[68];
    uint32_t a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
    uint32_t tj = SM3_T_LOW;
    unsigned int j;

    for (j = 0; j < 16u; ++j) {
        w[j] = load32_be(block + 4u * j);
    }
    for (j = 16u; j < 68u; ++j) {
        uint32_t x = w[j - 16u] ^ w[j - 9u] ^ ROTL32(w[j - 3u], 15);
        w[j] = P1(x) ^ ROTL32(w[j - 13u], 7) ^ w[j - 6u];
    }

    /*
     * After a round the new A is TT1 and sits in D's register, so renaming the registers
     * one step per round (a, b, c, d) -> (d, a, b, c) and likewise for e..h replaces the
     * assignments D = C, C = B <<< 9, B = A, A = TT1 (and H = G, G = F <<< 19, F = E, E = P0(TT2)).
     */
    for (j = 0; j < 16u; j += 4u) {
        SM3_ROUND(a, b, c, d, e, f, g, h, FF_LOW(a, b, c), GG_LOW(e, f, g), tj, w[j], w[j + 4u]);
        tj = ROTL32(tj, 1);
        SM3_ROUND(d, a, b, c, h, e, f, g, FF_LOW(d, a, b), GG_LOW(h, e, f), tj, w[j + 1u], w[j + 5u]);
        tj = ROTL32(tj, 1);
        SM3_ROUND(c, d, a, b, g, h, e, f, FF_LOW(c, d, a), GG_LOW(g, h, e), tj, w[j + 2u], w[j + 6u]);
        tj = ROTL32(tj, 1);
        SM3_ROUND(b, c, d, a, f, g, h, e, FF_LOW(b, c, d), GG_LOW(f, g, h), tj, w[j + 3u], w[j + 7u]);
        tj = ROTL32(tj, 1);
    }
    tj = ROTL32(SM3_T_HIGH, 16);
    for (j = 16u; j < 64u; j += 4u) {
        SM3_ROUND(a, b, c, d, e, f, g, h, FF_HIGH(a, b, c), GG_HIGH(e, f, g), tj, w[j], w[j + 4u]);
        tj = ROTL32(tj, 1);
        SM3_ROUND(d, a, b, c, h, e, f, g, FF_HIGH(d, a, b), GG_HIGH(h, e, f), tj, w[j + 1u], w[j + 5u]);
        tj = ROTL32(tj, 1);
        SM3_ROUND(c, d, a, b, g, h, e, f, FF_HIGH(c, d, a), GG_HIGH(g, h, e), tj, w[j + 2u], w[j + 6u]);
        tj = ROTL32(tj, 1);
        SM3_ROUND(b, c, d, a, f, g, h, e, FF_HIGH(b, c, d), GG_HIGH(f, g, h), tj, w[j + 3u], w[j + 7u]);
        tj = ROTL32(tj, 1);
    }

    v[0] ^= a;
    v[1] ^= b;
    v[2] ^= c;
    v[3] ^= d;
    v[4] ^= e;
    v[5] ^= f;
    v[6] ^= g;
    v[7] ^= h;
}

/*
 * SM3 of the msg_len_bits bits of msg followed by the extra_bits (0 or 32) low-order bits
 * of extra, most significant first, into the 32 bytes of digest.
 */
static void sm3_digest(const unsigned char *msg, unsigned long long msg_len_bits, uint32_t extra,
                       unsigned int extra_bits, unsigned char *digest)
{
    uint32_t v[8];
    unsigned char tail[2u * SM3_BLOCK_BYTES];
    unsigned long long remaining_bytes = msg_len_bits >> 3;
    unsigned long long total_bits = msg_len_bits + extra_bits;
    unsigned int partial_bits = (unsigned int)(msg_len_bits & 7u);
    unsigned int tail_bytes, tail_blocks, bit, i;

    memcpy(v, sm3_iv, sizeof v);

    while (remaining_bytes >= SM3_BLOCK_BYTES) {
        sm3_compress(v, msg);
        msg += SM3_BLOCK_BYTES;
        remaining_bytes -= SM3_BLOCK_BYTES;
    }

    /*
     * Padding (GB/T 32905, 5.2): the message bits, a '1' bit, zeros, then the 64-bit
     * big-endian bit length ending a block. With a partial last byte the '1' goes right
     * after its k high-order message bits (mask 0x80 >> k); the unused low bits are ignored.
     * Extra bits go right after the message bits, before the '1'.
     */
    tail_bytes = (unsigned int)remaining_bytes;
    memset(tail, 0, sizeof tail);
    if (tail_bytes != 0u) {
        memcpy(tail, msg, tail_bytes);
    }
    if (partial_bits != 0u) {
        tail[tail_bytes] = (unsigned char)(msg[tail_bytes] & (0xFFu << (8u - partial_bits)));
    }
    bit = 8u * tail_bytes + partial_bits;
    for (i = 0; i < extra_bits; ++i, ++bit) {
        if ((extra >> (extra_bits - 1u - i)) & 1u) {
            tail[bit >> 3] |= (unsigned char)(0x80u >> (bit & 7u));
        }
    }
    tail[bit >> 3] |= (unsigned char)(0x80u >> (bit & 7u));
    tail_blocks = bit + 1u + 64u <= 8u * SM3_BLOCK_BYTES ? 1u : 2u;
    store32_be(tail + tail_blocks * SM3_BLOCK_BYTES - 8u, (uint32_t)(total_bits >> 32));
    store32_be(tail + tail_blocks * SM3_BLOCK_BYTES - 4u, (uint32_t)total_bits);
    for (i = 0; i < tail_blocks; ++i) {
        sm3_compress(v, tail + i * SM3_BLOCK_BYTES);
    }

    for (i = 0; i < 8u; ++i) {
        store32_be(digest + 4u * i, v[i]);
    }
}

#ifndef NGCC_SM3_NO_CRYPTHASH
int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest)
{
    if (digest_len_bits != SM3_DIGEST_BITS || digest == NULL ||
        (msg == NULL && msg_len_bits != 0)) {
        return 1;
    }
    sm3_digest(msg, msg_len_bits, 0u, 0u, digest);
    return 0;
}
#endif
