/*
 * SHA-512 (FIPS 180-4, sections 5.1.2, 5.3.5 and 6.4) behind the NGCC CryptHash API
 * (the ICCS CryptHash API).
 *
 * Written for ngcc-perf as a bundled example candidate: portable C99, no heap, no
 * global mutable state (thread-safe), only CryptHash is exported. One instance, sha512,
 * with 512 digest bits; any other digest length is rejected.
 *
 * Bit order: a message of L bits fills bytes from the most significant bit down, the
 * last byte holding L mod 8 bits in its high-order bits. That is FIPS 180-4's own
 * order, so NIST's bit-oriented SHA-512 vectors apply as they are.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest);

#define SHA512_BLOCK_BYTES 128u
#define SHA512_DIGEST_BITS 512

/* K0..K79 (FIPS 180-4, 4.2.3): first 64 bits of the fractional parts of the cube roots of
 * the first 80 primes. */
static const uint64_t sha512_k[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL
};

/* H(0) (FIPS 180-4, 5.3.5): first 64 bits of the fractional parts of the square roots of
 * the first 8 primes. */
static const uint64_t sha512_initial_hash[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};

#define ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define BIG_SIGMA0(x) (ROTR64(x, 28) ^ ROTR64(x, 34) ^ ROTR64(x, 39))
#define BIG_SIGMA1(x) (ROTR64(x, 14) ^ ROTR64(x, 18) ^ ROTR64(x, 41))
#define SMALL_SIGMA0(x) (ROTR64(x, 1) ^ ROTR64(x, 8) ^ ((x) >> 7))
#define SMALL_SIGMA1(x) (ROTR64(x, 19) ^ ROTR64(x, 61) ^ ((x) >> 6))

/* W[t] for t >= 16, kept in a 16-word ring: W[t] replaces W[t - 16] (FIPS 180-4, 6.4.2). */
#define SCHEDULE(w, t)                                                          \
    ((w)[(t) & 15] += SMALL_SIGMA1((w)[((t) - 2) & 15]) + (w)[((t) - 7) & 15] + \
                      SMALL_SIGMA0((w)[((t) - 15) & 15]))

/* One round with the working variables renamed instead of shifted; wt is W[t]. */
#define ROUND(a, b, c, d, e, f, g, h, t, wt)                                   \
    do {                                                                       \
        uint64_t t1_ = (h) + BIG_SIGMA1(e) + CH(e, f, g) + sha512_k[t] + (wt); \
        uint64_t t2_ = BIG_SIGMA0(a) + MAJ(a, b, c);                           \
        (d) += t1_;                                                            \
        (h) = t1_ + t2_;                                                       \
    } while (0)

static uint64_t load64_be(const unsigned char *p)
{
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) |
           ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) |
           ((uint64_t)p[6] << 8) | (uint64_t)p[7];
}

static void store64_be(unsigned char *p, uint64_t v)
{
    unsigned int i;

    for (i = 0; i < 8u; ++i) {
        p[i] = (unsigned char)(v >> (56u - 8u * i));
    }
}

/* The SHA-512 compression function on one 1024-bit block (FIPS 180-4, 6.4.2). */
static void sha512_compress(uint64_t h[8], const unsigned char *block)
{
    uint64_t w[16];
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    unsigned int t;

    for (t = 0; t < 16u; ++t) {
        w[t] = load64_be(block + 8u * t);
    }
    for (t = 0; t < 16u; t += 8u) {
        ROUND(a, b, c, d, e, f, g, hh, t + 0u, w[t + 0u]);
        ROUND(hh, a, b, c, d, e, f, g, t + 1u, w[t + 1u]);
        ROUND(g, hh, a, b, c, d, e, f, t + 2u, w[t + 2u]);
        ROUND(f, g, hh, a, b, c, d, e, t + 3u, w[t + 3u]);
        ROUND(e, f, g, hh, a, b, c, d, t + 4u, w[t + 4u]);
        ROUND(d, e, f, g, hh, a, b, c, t + 5u, w[t + 5u]);
        ROUND(c, d, e, f, g, hh, a, b, t + 6u, w[t + 6u]);
        ROUND(b, c, d, e, f, g, hh, a, t + 7u, w[t + 7u]);
    }
    for (t = 16u; t < 80u; t += 8u) {
        ROUND(a, b, c, d, e, f, g, hh, t + 0u, SCHEDULE(w, t + 0u));
        ROUND(hh, a, b, c, d, e, f, g, t + 1u, SCHEDULE(w, t + 1u));
        ROUND(g, hh, a, b, c, d, e, f, t + 2u, SCHEDULE(w, t + 2u));
        ROUND(f, g, hh, a, b, c, d, e, t + 3u, SCHEDULE(w, t + 3u));
        ROUND(e, f, g, hh, a, b, c, d, t + 4u, SCHEDULE(w, t + 4u));
        ROUND(d, e, f, g, hh, a, b, c, t + 5u, SCHEDULE(w, t + 5u));
        ROUND(c, d, e, f, g, hh, a, b, t + 6u, SCHEDULE(w, t + 6u));
        ROUND(b, c, d, e, f, g, hh, a, t + 7u, SCHEDULE(w, t + 7u));
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest)
{
    uint64_t h[8];
    unsigned char tail[2u * SHA512_BLOCK_BYTES];
    unsigned long long remaining_bytes = msg_len_bits >> 3;
    unsigned int partial_bits = (unsigned int)(msg_len_bits & 7u);
    unsigned int tail_bytes, tail_blocks, i;

    if (digest_len_bits != SHA512_DIGEST_BITS || digest == NULL ||
        (msg == NULL && msg_len_bits != 0)) {
        return 1;
    }
    memcpy(h, sha512_initial_hash, sizeof h);

    while (remaining_bytes >= SHA512_BLOCK_BYTES) {
        sha512_compress(h, msg);
        msg += SHA512_BLOCK_BYTES;
        remaining_bytes -= SHA512_BLOCK_BYTES;
    }

    /*
     * Padding (FIPS 180-4, 5.1.2): the message bits, a '1' bit, zeros, then the 128-bit
     * big-endian bit length ending a block. With a partial last byte the '1' goes right
     * after its k high-order message bits (mask 0x80 >> k); the unused low bits are ignored.
     */
    tail_bytes = (unsigned int)remaining_bytes;
    memset(tail, 0, sizeof tail);
    if (tail_bytes != 0u) {
        memcpy(tail, msg, tail_bytes);
    }
    if (partial_bits != 0u) {
        tail[tail_bytes] = (unsigned char)(msg[tail_bytes] & (0xFFu << (8u - partial_bits)));
    }
    tail[tail_bytes] |= (unsigned char)(0x80u >> partial_bits);
    tail_blocks = tail_bytes + 1u + 16u <= SHA512_BLOCK_BYTES ? 1u : 2u;
    /* The high 64 bits of the 128-bit length are zero: msg_len_bits has 64 bits. */
    store64_be(tail + tail_blocks * SHA512_BLOCK_BYTES - 8u, (uint64_t)msg_len_bits);
    for (i = 0; i < tail_blocks; ++i) {
        sha512_compress(h, tail + i * SHA512_BLOCK_BYTES);
    }

    for (i = 0; i < 8u; ++i) {
        store64_be(digest + 8u * i, h[i]);
    }
    return 0;
}
