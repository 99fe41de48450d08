/* `drng_algorithm`, `init_random_number` and `get_random_number` of ICCS
 * drng.h over the driver's own Hash_DRBG (ngcc_drng.c, SPEC §4): the context
 * is kept in drng.h's layout (three 55-byte big-endian numbers) and converted
 * to and from ngcc_drng around each call. */
#define _POSIX_C_SOURCE 200809L
#include "iccs_support.h"

#include "../ngcc_drng.h"

#include <string.h>

/* The global context the official KAT programs define and instances draw
 * from; ICCS_DRNG_OBJECT_BYTES so that a larger context of an instance's own
 * DRNG functions also fits. */
ICCS_EXPORT union {
    iccs_drng_ctx ctx;
    unsigned char room[ICCS_DRNG_OBJECT_BYTES];
} drng_algorithm;

static void load(const iccs_drng_ctx *from, ngcc_drng *to)
{
    int i;
    memcpy(to->v, from->v, ICCS_SEEDLEN);
    memcpy(to->c, from->c, ICCS_SEEDLEN);
    /* The counter starts at 1 and grows by one per request: it never
     * leaves the low 64 bits of its 440. */
    to->reseed_counter = 0;
    for (i = ICCS_SEEDLEN - 8; i < ICCS_SEEDLEN; i++) {
        to->reseed_counter = (to->reseed_counter << 8) | from->reseed_counter[i];
    }
}

static void store(const ngcc_drng *from, iccs_drng_ctx *to)
{
    int i;
    memcpy(to->v, from->v, ICCS_SEEDLEN);
    memcpy(to->c, from->c, ICCS_SEEDLEN);
    memset(to->reseed_counter, 0, ICCS_SEEDLEN);
    for (i = 0; i < 8; i++) {
        to->reseed_counter[ICCS_SEEDLEN - 1 - i] = (unsigned char)(from->reseed_counter >> (8 * i));
    }
}

int init_random_number(iccs_drng_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
    ngcc_drng d;
    ngcc_drng_instantiate(&d, seed, (size_t)seed_len_bytes);
    store(&d, drng);
    return ICCS_OK;
}

int get_random_number(iccs_drng_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits)
{
    ngcc_drng d;
    load(drng, &d);
    ngcc_drng_generate(&d, random_number, random_number_len_bits);
    store(&d, drng);
    return ICCS_OK;
}
