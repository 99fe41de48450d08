/*
 * SHAKE256 (FIPS 202, section 6.2) behind the NGCC CryptHash API (the ICCS CryptHash API).
 *
 * Written for ngcc-perf as a bundled example candidate: portable C99, no heap, no
 * global mutable state (thread-safe), only CryptHash is exported.
 *
 * Instances: shake256_512, shake256_768, shake256_1024 are built from this one file.
 * Being an XOF, every instance accepts any positive multiple of 8 digest bits.
 *
 * Bit order (the ICCS CryptHash API). CryptHash numbers message bits from the most significant
 * bit of each byte; FIPS 202 numbers them from the least significant bit. Whole bytes
 * are hashed as bytes (the usual byte-oriented SHAKE256), and the k bits of a partial
 * last byte (its k high-order bits, first message bit in bit 7) are the next k message
 * bits, so that byte is bit-reversed before it is absorbed as k FIPS 202 bits.
 * A NIST SHA-3 bit vector `Len = 8n + k` therefore corresponds to the CryptHash message
 * whose first n bytes are NIST's and whose last byte is NIST's last byte bit-reversed.
 *
 * Test-only switch: compiled with -DNGCC_EXAMPLE_SHA3_512 the same Keccak core becomes
 * SHA3-512 (FIPS 202, section 6.1; 512 digest bits only). ngcc-perf builds that variant
 * only to check the bit-order handling against NIST's SHA3-512 bit-oriented vectors.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest);

#if defined(NGCC_EXAMPLE_SHA3_512)
/* SHA3-512: capacity 1024 bits, rate 576 bits; domain suffix "01" (FIPS 202, 6.1). */
#define KECCAK_RATE_BYTES 72u
#define KECCAK_SUFFIX 0x02u
#define KECCAK_SUFFIX_BITS 2u
#else
/* SHAKE256: capacity 512 bits, rate 1088 bits; domain suffix "1111" (FIPS 202, 6.2). */
#define KECCAK_RATE_BYTES 136u
#define KECCAK_SUFFIX 0x0Fu
#define KECCAK_SUFFIX_BITS 4u
#endif

#define KECCAK_RATE_LANES (KECCAK_RATE_BYTES / 8u)
#define ROTL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

/* Round constants RC[i] of Keccak-p[1600, 24] (FIPS 202, 3.2.5, from the rc(t) LFSR). */
static const uint64_t keccak_round_constants[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL,
    0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL,
    0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL,
    0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL,
    0x0000000080000001ULL, 0x8000000080008008ULL
};

/* chi on one plane (row y of the state): a[x, y] = b[x, y] ^ (~b[x+1, y] & b[x+2, y]). */
#define KECCAK_CHI_PLANE(a, b, y)                                       \
    do {                                                                \
        (a)[5 * (y) + 0] = (b)[5 * (y) + 0] ^ (~(b)[5 * (y) + 1] & (b)[5 * (y) + 2]); \
        (a)[5 * (y) + 1] = (b)[5 * (y) + 1] ^ (~(b)[5 * (y) + 2] & (b)[5 * (y) + 3]); \
        (a)[5 * (y) + 2] = (b)[5 * (y) + 2] ^ (~(b)[5 * (y) + 3] & (b)[5 * (y) + 4]); \
        (a)[5 * (y) + 3] = (b)[5 * (y) + 3] ^ (~(b)[5 * (y) + 4] & (b)[5 * (y) + 0]); \
        (a)[5 * (y) + 4] = (b)[5 * (y) + 4] ^ (~(b)[5 * (y) + 0] & (b)[5 * (y) + 1]); \
    } while (0)

/*
 * Keccak-f[1600] (FIPS 202, 3.3 and 3.4). Lane (x, y) is a[x + 5y]. Each round applies
 * theta, then rho and pi together (lane (x, y) rotated by its rho offset moves to
 * (y, 2x + 3y)), then chi and iota.
 */
static void keccak_f1600(uint64_t a[25])
{
    uint64_t b[25];
    uint64_t c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
    unsigned int round;

    for (round = 0; round < 24u; ++round) {
        c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
        c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
        c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
        c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
        c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
        d0 = c4 ^ ROTL64(c1, 1);
        d1 = c0 ^ ROTL64(c2, 1);
        d2 = c1 ^ ROTL64(c3, 1);
        d3 = c2 ^ ROTL64(c4, 1);
        d4 = c3 ^ ROTL64(c0, 1);

        b[0] = a[0] ^ d0;
        b[1] = ROTL64(a[6] ^ d1, 44);
        b[2] = ROTL64(a[12] ^ d2, 43);
        b[3] = ROTL64(a[18] ^ d3, 21);
        b[4] = ROTL64(a[24] ^ d4, 14);
        b[5] = ROTL64(a[3] ^ d3, 28);
        b[6] = ROTL64(a[9] ^ d4, 20);
        b[7] = ROTL64(a[10] ^ d0, 3);
        b[8] = ROTL64(a[16] ^ d1, 45);
        b[9] = ROTL64(a[22] ^ d2, 61);
        b[10] = ROTL64(a[1] ^ d1, 1);
        b[11] = ROTL64(a[7] ^ d2, 6);
        b[12] = ROTL64(a[13] ^ d3, 25);
        b[13] = ROTL64(a[19] ^ d4, 8);
        b[14] = ROTL64(a[20] ^ d0, 18);
        b[15] = ROTL64(a[4] ^ d4, 27);
        b[16] = ROTL64(a[5] ^ d0, 36);
        b[17] = ROTL64(a[11] ^ d1, 10);
        b[18] = ROTL64(a[17] ^ d2, 15);
        b[19] = ROTL64(a[23] ^ d3, 56);
        b[20] = ROTL64(a[2] ^ d2, 62);
        b[21] = ROTL64(a[8] ^ d3, 55);
        b[22] = ROTL64(a[14] ^ d4, 39);
        b[23] = ROTL64(a[15] ^ d0, 41);
        b[24] = ROTL64(a[21] ^ d1, 2);

        KECCAK_CHI_PLANE(a, b, 0);
        KECCAK_CHI_PLANE(a, b, 1);
        KECCAK_CHI_PLANE(a, b, 2);
        KECCAK_CHI_PLANE(a, b, 3);
        KECCAK_CHI_PLANE(a, b, 4);

        a[0] ^= keccak_round_constants[round];
    }
}

/* Bytes map to lanes little-endian (FIPS 202, B.1): byte 8i + j is bits 8j..8j+7 of lane i. */
static uint64_t load64_le(const unsigned char *p)
{
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32) | ((uint64_t)p[5] << 40) |
           ((uint64_t)p[6] << 48) | ((uint64_t)p[7] << 56);
}

static void keccak_absorb_block(uint64_t state[25], const unsigned char *block)
{
    unsigned int i;

    for (i = 0; i < KECCAK_RATE_LANES; ++i) {
        state[i] ^= load64_le(block + 8u * i);
    }
    keccak_f1600(state);
}

/* Reverses the order of the 8 bits of a byte (bit 7 becomes bit 0). */
static unsigned int reverse_byte_bits(unsigned int b)
{
    b = ((b & 0xF0u) >> 4) | ((b & 0x0Fu) << 4);
    b = ((b & 0xCCu) >> 2) | ((b & 0x33u) << 2);
    b = ((b & 0xAAu) >> 1) | ((b & 0x55u) << 1);
    return b;
}

static int digest_bits_supported(int digest_len_bits)
{
#if defined(NGCC_EXAMPLE_SHA3_512)
    return digest_len_bits == 512;
#else
    return digest_len_bits > 0 && digest_len_bits % 8 == 0;
#endif
}

int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest)
{
    uint64_t state[25];
    unsigned char tail[2u * KECCAK_RATE_BYTES];
    unsigned long long remaining_bytes = msg_len_bits >> 3;
    unsigned int partial_bits = (unsigned int)(msg_len_bits & 7u);
    unsigned int tail_bytes, pad_bits, pad_value, last_pad_bit, tail_blocks, i;
    size_t out_bytes, chunk;

    if (!digest_bits_supported(digest_len_bits) || digest == NULL ||
        (msg == NULL && msg_len_bits != 0)) {
        return 1;
    }
    memset(state, 0, sizeof state);

    while (remaining_bytes >= KECCAK_RATE_BYTES) {
        keccak_absorb_block(state, msg);
        msg += KECCAK_RATE_BYTES;
        remaining_bytes -= KECCAK_RATE_BYTES;
    }

    /*
     * Last (partial) block: the remaining whole bytes, then, starting at bit k of the next
     * byte (k = partial_bits), the domain suffix and the first '1' of pad10*1, preceded
     * in that byte by the k message bits, bit-reversed into FIPS 202 (LSB-first) order.
     * That run of bits may spill into the following byte and, at the end of the rate,
     * into a second block; the final '1' of pad10*1 is the last bit of the last block.
     */
    tail_bytes = (unsigned int)remaining_bytes;
    memset(tail, 0, sizeof tail);
    if (tail_bytes != 0u) {
        memcpy(tail, msg, tail_bytes);
    }
    pad_value = (KECCAK_SUFFIX | (1u << KECCAK_SUFFIX_BITS)) << partial_bits;
    if (partial_bits != 0u) {
        unsigned int top_bits = msg[tail_bytes] & (0xFFu << (8u - partial_bits)) & 0xFFu;
        pad_value |= reverse_byte_bits(top_bits);
    }
    pad_bits = partial_bits + KECCAK_SUFFIX_BITS + 1u;
    tail[tail_bytes] ^= (unsigned char)(pad_value & 0xFFu);
    tail[tail_bytes + 1u] ^= (unsigned char)(pad_value >> 8);
    last_pad_bit = 8u * tail_bytes + pad_bits - 1u;
    tail_blocks = last_pad_bit < 8u * KECCAK_RATE_BYTES - 1u ? 1u : 2u;
    tail[tail_blocks * KECCAK_RATE_BYTES - 1u] ^= 0x80u;
    for (i = 0; i < tail_blocks; ++i) {
        keccak_absorb_block(state, tail + i * KECCAK_RATE_BYTES);
    }

    /* Squeeze: the first rate bytes of the state, little-endian lanes, then permute. */
    out_bytes = (size_t)digest_len_bits / 8u;
    for (;;) {
        chunk = out_bytes < KECCAK_RATE_BYTES ? out_bytes : KECCAK_RATE_BYTES;
        for (i = 0; i < chunk; ++i) {
            digest[i] = (unsigned char)(state[i / 8u] >> (8u * (i % 8u)));
        }
        digest += chunk;
        out_bytes -= chunk;
        if (out_bytes == 0u) {
            break;
        }
        keccak_f1600(state);
    }
    return 0;
}
