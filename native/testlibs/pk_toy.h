/* What the toy public-key instances (pk_toy_*.c, NOT cryptographic) share:
 * the ICCS declarations they leave to the program they are loaded into
 * (the ICCS public-key APIs: drng_algorithm, get_random_number, sm3hash, pseudohash, pseudoXOF), and a toy
 * mixer.
 *
 * toy_mix(out, n, a, a_n, b, b_n): n bytes, out[j] = Σ over the bytes x_i of
 * a ‖ b of (x_i + 1)·(i + j + 1) mod 256, XOR-folded with j·29 — every input
 * byte reaches every output byte, nothing more. */
#ifndef NGCC_TESTLIB_PK_TOY_H
#define NGCC_TESTLIB_PK_TOY_H

#include <stddef.h>

typedef struct {
    unsigned char v[55];
    unsigned char c[55];
    unsigned char reseed_counter[55];
} toy_drng_ctx;

#ifndef TOY_OWN_DRNG_OBJECT
extern toy_drng_ctx drng_algorithm;
#endif
int get_random_number(toy_drng_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits);
#ifndef TOY_STATIC_SM3HASH
int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);
#endif
int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *output);

static void toy_mix(unsigned char *out, size_t n, const unsigned char *a, size_t a_n, const unsigned char *b,
                    size_t b_n)
{
    size_t j;
    size_t i;
    for (j = 0; j < n; j++) {
        unsigned acc = (unsigned)(j * 29u);
        for (i = 0; i < a_n + b_n; i++) {
            unsigned x = i < a_n ? a[i] : b[i - a_n];
            acc = (acc * 31u + (x + 1u) * (unsigned)(i + j + 1u)) & 0xFFFFu;
        }
        out[j] = (unsigned char)(acc ^ (acc >> 8));
    }
}

#endif
