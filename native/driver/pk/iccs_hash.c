/* The ICCS placeholder primitives (SPEC §10, auxfunc.h), written from their
 * definitions; every length is in bits and a partial last byte uses its
 * high-order bits (SPEC §2):
 *   sm3hash(256, M)      = SM3(M) (GB/T 32905-2016); other lengths return -4.
 *   pseudohash(d, M), d = 512 / 768 / 1024, from SM3 and HMAC-SM3 (GB/T 15852.2,
 *     512-bit block) under the fixed 64-byte key K = SM3("3.14159265358979") ‖
 *     SM3("2.71828182845904"), with t = 0x02 / 0x03 / 0x04 for d = 512 / 768 / 1024
 *     and ‖ a concatenation of bit strings:
 *       k1 = HMAC(K, t‖0x00 ‖ M),  h1 = SM3(M ‖ t‖0x00),  h2 = SM3(k1 ‖ h1)
 *       768 and 1024 add k2 = HMAC(K, h1) and h3 = SM3(h2 ‖ k2);
 *       1024 adds k3 = HMAC(K, h2), k4 = HMAC(K, h3) and h4 = SM3(k3 ‖ h3 ‖ k4);
 *     the digest is h1 ‖ h2 (‖ h3 (‖ h4)). Other lengths return -4.
 *   pseudoXOF(L, M)      = the KDF of GB/T 32918.4-2016 §5.4.3: SM3(M ‖ be32(1)) ‖
 *     SM3(M ‖ be32(2)) ‖ … cut to L bits (the low bits of a partial last byte cleared). */
#define _POSIX_C_SOURCE 200809L
#include "iccs_support.h"

#include "../sm3_ref.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HMAC_BLOCK_BYTES 64

/* A string of bits, most significant bit of each byte first. */
typedef struct {
    unsigned char *bytes;
    uint64_t bits;
} bit_string;

/* Appends the first `bits` bits of `data` (room was reserved by the caller). */
static void append_bits(bit_string *s, const unsigned char *data, uint64_t bits)
{
    uint64_t whole = bits / 8;
    unsigned rest = (unsigned)(bits % 8);
    unsigned shift = (unsigned)(s->bits % 8);
    uint64_t i;
    if (shift == 0) {
        memcpy(s->bytes + s->bits / 8, data, (size_t)whole);
        if (rest != 0) {
            s->bytes[s->bits / 8 + whole] = (unsigned char)(data[whole] & (0xFFu << (8 - rest)));
        }
    } else {
        unsigned char *at = s->bytes + s->bits / 8;
        uint64_t n = whole + (rest != 0);
        for (i = 0; i < n; i++) {
            unsigned char b = data[i];
            if (i == whole) {
                b = (unsigned char)(b & (0xFFu << (8 - rest)));
            }
            at[i] = (unsigned char)((at[i] & (0xFFu << (8 - shift))) | (b >> shift));
            at[i + 1] = (unsigned char)(b << (8 - shift));
        }
    }
    s->bits += bits;
}

/* SM3 of a bit string: whole blocks, then the padding of GB/T 32905 §5.2
 * (a 1 bit, zeros, the 64-bit length) over the last partial block. */
static void sm3_bits(const unsigned char *msg, uint64_t bits, unsigned char digest[SM3_DIGEST_BYTES])
{
    uint32_t state[8];
    unsigned char tail[2 * SM3_BLOCK_BYTES];
    uint64_t blocks = bits / 512;
    unsigned rest = (unsigned)(bits % 512);
    size_t tail_bytes;
    uint64_t i;
    memcpy(state, SM3_IV, sizeof state);
    for (i = 0; i < blocks; i++) {
        sm3_compress(state, msg + i * SM3_BLOCK_BYTES);
    }
    memset(tail, 0, sizeof tail);
    memcpy(tail, msg + blocks * SM3_BLOCK_BYTES, (rest + 7) / 8);
    if (rest % 8 != 0) {
        tail[rest / 8] &= (unsigned char)(0xFFu << (8 - rest % 8));
    }
    tail[rest / 8] |= (unsigned char)(0x80u >> (rest % 8));
    tail_bytes = rest + 1 + 64 <= 512 ? SM3_BLOCK_BYTES : 2 * SM3_BLOCK_BYTES;
    for (i = 0; i < 8; i++) {
        tail[tail_bytes - 1 - i] = (unsigned char)(bits >> (8 * i));
    }
    sm3_compress(state, tail);
    if (tail_bytes > SM3_BLOCK_BYTES) {
        sm3_compress(state, tail + SM3_BLOCK_BYTES);
    }
    for (i = 0; i < 8; i++) {
        digest[4 * i] = (unsigned char)(state[i] >> 24);
        digest[4 * i + 1] = (unsigned char)(state[i] >> 16);
        digest[4 * i + 2] = (unsigned char)(state[i] >> 8);
        digest[4 * i + 3] = (unsigned char)state[i];
    }
}

/* SM3(a ‖ b ‖ c) of up to three bit strings (NULL ends the list early). */
static int sm3_joined(const unsigned char *a, uint64_t a_bits, const unsigned char *b, uint64_t b_bits,
                      const unsigned char *c, uint64_t c_bits, unsigned char digest[SM3_DIGEST_BYTES])
{
    bit_string s;
    s.bits = 0;
    s.bytes = calloc((size_t)((a_bits + b_bits + c_bits) / 8 + 2), 1);
    if (s.bytes == NULL) {
        return ICCS_NO_MEMORY;
    }
    append_bits(&s, a, a_bits);
    if (b != NULL) {
        append_bits(&s, b, b_bits);
    }
    if (c != NULL) {
        append_bits(&s, c, c_bits);
    }
    sm3_bits(s.bytes, s.bits, digest);
    free(s.bytes);
    return ICCS_OK;
}

/* The fixed key: SM3 of the two decimal strings, one after the other. */
static void fixed_key(unsigned char key[HMAC_BLOCK_BYTES])
{
    static const char pi[] = "3.14159265358979";
    static const char e[] = "2.71828182845904";
    sm3_digest((const unsigned char *)pi, sizeof pi - 1, key);
    sm3_digest((const unsigned char *)e, sizeof e - 1, key + SM3_DIGEST_BYTES);
}

/* HMAC-SM3 (GB/T 15852.2) with a key of exactly one block: SM3((K ⊕ opad) ‖
 * SM3((K ⊕ ipad) ‖ prefix ‖ data)). */
static int hmac_sm3(const unsigned char key[HMAC_BLOCK_BYTES], const unsigned char *prefix, uint64_t prefix_bits,
                    const unsigned char *data, uint64_t data_bits, unsigned char mac[SM3_DIGEST_BYTES])
{
    unsigned char inner_key[HMAC_BLOCK_BYTES];
    unsigned char outer_key[HMAC_BLOCK_BYTES];
    unsigned char inner[SM3_DIGEST_BYTES];
    int i;
    int rc;
    for (i = 0; i < HMAC_BLOCK_BYTES; i++) {
        inner_key[i] = (unsigned char)(key[i] ^ 0x36);
        outer_key[i] = (unsigned char)(key[i] ^ 0x5C);
    }
    rc = sm3_joined(inner_key, 8 * HMAC_BLOCK_BYTES, prefix, prefix_bits, data, data_bits, inner);
    if (rc != ICCS_OK) {
        return rc;
    }
    return sm3_joined(outer_key, 8 * HMAC_BLOCK_BYTES, inner, 8 * SM3_DIGEST_BYTES, NULL, 0, mac);
}

int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    if (digest_len_bits != 256) {
        return ICCS_BAD_DIGEST_LENGTH;
    }
    sm3_bits(msg, msg_len_bits, digest);
    return ICCS_OK;
}

int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    enum { D = SM3_DIGEST_BYTES, DB = 8 * SM3_DIGEST_BYTES };
    unsigned char key[HMAC_BLOCK_BYTES];
    unsigned char tag[2] = {0x00, 0x00};
    unsigned char k[4][D];
    unsigned char *h = digest;
    int rc;
    if (digest_len_bits != 512 && digest_len_bits != 768 && digest_len_bits != 1024) {
        return ICCS_BAD_DIGEST_LENGTH;
    }
    tag[0] = (unsigned char)(digest_len_bits / 256);
    fixed_key(key);
    if ((rc = hmac_sm3(key, tag, 16, msg, msg_len_bits, k[0])) != ICCS_OK ||
        (rc = sm3_joined(msg, msg_len_bits, tag, 16, NULL, 0, h)) != ICCS_OK ||
        (rc = sm3_joined(k[0], DB, h, DB, NULL, 0, h + D)) != ICCS_OK) {
        return rc;
    }
    if (digest_len_bits >= 768) {
        if ((rc = hmac_sm3(key, NULL, 0, h, DB, k[1])) != ICCS_OK ||
            (rc = sm3_joined(h + D, DB, k[1], DB, NULL, 0, h + 2 * D)) != ICCS_OK) {
            return rc;
        }
    }
    if (digest_len_bits == 1024) {
        if ((rc = hmac_sm3(key, NULL, 0, h + D, DB, k[2])) != ICCS_OK ||
            (rc = hmac_sm3(key, NULL, 0, h + 2 * D, DB, k[3])) != ICCS_OK ||
            (rc = sm3_joined(k[2], DB, h + 2 * D, DB, k[3], DB, h + 3 * D)) != ICCS_OK) {
            return rc;
        }
    }
    return ICCS_OK;
}

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *output)
{
    unsigned long long blocks = (output_len_bits + 255) / 256;
    unsigned long long out_bytes = (output_len_bits + 7) / 8;
    unsigned long long i;
    for (i = 0; i < blocks; i++) {
        unsigned char counter[4];
        unsigned char block[SM3_DIGEST_BYTES];
        unsigned long long at = i * SM3_DIGEST_BYTES;
        uint32_t ct = (uint32_t)(i + 1);
        int rc;
        counter[0] = (unsigned char)(ct >> 24);
        counter[1] = (unsigned char)(ct >> 16);
        counter[2] = (unsigned char)(ct >> 8);
        counter[3] = (unsigned char)ct;
        if ((rc = sm3_joined(msg, msg_len_bits, counter, 32, NULL, 0, block)) != ICCS_OK) {
            return rc;
        }
        memcpy(output + at, block, out_bytes - at < SM3_DIGEST_BYTES ? (size_t)(out_bytes - at) : SM3_DIGEST_BYTES);
    }
    if (output_len_bits % 8 != 0) {
        output[out_bytes - 1] &= (unsigned char)(0xFFu << (8 - output_len_bits % 8));
    }
    return ICCS_OK;
}
