#define _POSIX_C_SOURCE 200809L
#include "ngcc_drng.h"

#include "sm3_lanes.h"
#include "sm3_ref.h"

#include <string.h>

#define SEEDLEN NGCC_DRNG_SEEDLEN_BYTES

/* Hash_df (SP 800-90A §10.3.1) for 440 bits: the first 55 bytes of
 * SM3(0x01 ‖ be32(440) ‖ a ‖ b) ‖ SM3(0x02 ‖ be32(440) ‖ a ‖ b). */
static void hash_df(const unsigned char *a, size_t a_bytes, const unsigned char *b, size_t b_bytes,
                    unsigned char out[SEEDLEN])
{
    unsigned char temp[2 * SM3_DIGEST_BYTES];
    unsigned char prefix[5] = {0x00, 0x00, 0x00, 0x01, 0xB8}; /* counter, be32(440) */
    int counter;
    for (counter = 1; counter <= 2; counter++) {
        sm3_ctx ctx;
        prefix[0] = (unsigned char)counter;
        sm3_init(&ctx);
        sm3_update(&ctx, prefix, sizeof prefix);
        sm3_update(&ctx, a, a_bytes);
        sm3_update(&ctx, b, b_bytes);
        sm3_final(&ctx, temp + (counter - 1) * SM3_DIGEST_BYTES);
    }
    memcpy(out, temp, SEEDLEN);
}

/* target = (target + addend) mod 2^440, the addend right-aligned. */
static void add_bytes(unsigned char target[SEEDLEN], const unsigned char *addend, size_t addend_bytes)
{
    unsigned carry = 0;
    size_t i;
    for (i = 0; i < SEEDLEN; i++) {
        size_t t = SEEDLEN - 1 - i;
        unsigned sum = target[t] + carry + (i < addend_bytes ? addend[addend_bytes - 1 - i] : 0u);
        target[t] = (unsigned char)sum;
        carry = sum >> 8;
    }
}

static void increment(unsigned char target[SEEDLEN])
{
    size_t t = SEEDLEN;
    while (t > 0 && ++target[t - 1] == 0) {
        t--;
    }
}

void ngcc_drng_instantiate(ngcc_drng *d, const unsigned char *seed, size_t seed_bytes)
{
    const unsigned char zero = 0x00;
    hash_df(seed, seed_bytes, NULL, 0, d->v);
    hash_df(&zero, 1, d->v, SEEDLEN, d->c);
    d->reseed_counter = 1;
}

/* out = SM3(V) ‖ SM3(V+1) ‖ ... truncated to n_bytes; eight blocks at a time. */
static void hashgen(const unsigned char v[SEEDLEN], unsigned char *out, size_t n_bytes)
{
    unsigned char data[SM3_LANES * SEEDLEN];
    unsigned char digests[SM3_LANES * SM3_DIGEST_BYTES];
    unsigned char next[SEEDLEN];
    size_t done = 0;
    memcpy(next, v, SEEDLEN);
    while (done < n_bytes) {
        size_t rest = n_bytes - done;
        int lane;
        for (lane = 0; lane < SM3_LANES; lane++) {
            memcpy(data + (size_t)lane * SEEDLEN, next, SEEDLEN);
            increment(next);
        }
        if (rest >= sizeof digests) {
            sm3_lanes_one_block(data, SEEDLEN, out + done);
            done += sizeof digests;
        } else {
            sm3_lanes_one_block(data, SEEDLEN, digests);
            memcpy(out + done, digests, rest);
            done = n_bytes;
        }
    }
}

void ngcc_drng_generate(ngcc_drng *d, unsigned char *out, uint64_t bits)
{
    size_t n_bytes = (size_t)((bits + 7) / 8);
    unsigned char h[SM3_DIGEST_BYTES];
    unsigned char counter_bytes[8];
    const unsigned char three = 0x03;
    sm3_ctx ctx;
    int i;
    if (n_bytes > 0) {
        hashgen(d->v, out, n_bytes);
        if (bits % 8 != 0) {
            out[n_bytes - 1] &= (unsigned char)(0xFFu << (8 - bits % 8));
        }
    }
    sm3_init(&ctx);
    sm3_update(&ctx, &three, 1);
    sm3_update(&ctx, d->v, SEEDLEN);
    sm3_final(&ctx, h);
    for (i = 0; i < 8; i++) {
        counter_bytes[7 - i] = (unsigned char)(d->reseed_counter >> (8 * i));
    }
    add_bytes(d->v, h, sizeof h);
    add_bytes(d->v, d->c, SEEDLEN);
    add_bytes(d->v, counter_bytes, sizeof counter_bytes);
    d->reseed_counter++;
}
