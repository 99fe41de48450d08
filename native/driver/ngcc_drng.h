/* The NGCC KAT DRNG (ICCS drng.c behaviour, the ICCS KAT rules "The DRNG"): Hash_DRBG of
 * NIST SP 800-90A Rev.1 §10.1.1 over SM3 (outlen 256 bits, seedlen 440 bits),
 * no prediction resistance, no additional input, no reseed.
 *
 * The C twin of packages/kat/src/ngcc-drng.ts (which is checked against the
 * NIST CAVP vectors); the two are cross-checked through the `kat` subcommand's
 * output (native/test/kat-driver.test.ts, packages/kat/test). */
#ifndef NGCC_NGCC_DRNG_H
#define NGCC_NGCC_DRNG_H

#include <stddef.h>
#include <stdint.h>

#define NGCC_DRNG_SEEDLEN_BYTES 55

typedef struct {
    unsigned char v[NGCC_DRNG_SEEDLEN_BYTES];
    unsigned char c[NGCC_DRNG_SEEDLEN_BYTES];
    uint64_t reseed_counter;
} ngcc_drng;

/* V = Hash_df(seed, 440); C = Hash_df(0x00 ‖ V, 440); reseed_counter = 1. */
void ngcc_drng_instantiate(ngcc_drng *d, const unsigned char *seed, size_t seed_bytes);

/* Writes ceil(bits/8) bytes: Hashgen(V) = SM3(V) ‖ SM3(V+1) ‖ ..., the low
 * (8·ceil(bits/8) − bits) bits of the last byte cleared; then
 * V = V + SM3(0x03 ‖ V) + C + reseed_counter (mod 2^440), reseed_counter += 1.
 * A request of 0 bits writes nothing but still updates the state. */
void ngcc_drng_generate(ngcc_drng *d, unsigned char *out, uint64_t bits);

#endif
