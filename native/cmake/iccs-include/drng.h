/* ngcc-perf's declaration of the ICCS DRNG interface a public-key instance calls
 * (SPEC: ICCS drng.h, the DRNG of the ICCS KAT programs). Only for packages that
 * include "drng.h" without shipping it: a package's own drng.h is found first.
 * The functions and the context object `drng_algorithm` are provided by the
 * program the library is loaded into (ngcc-perf-driver, libngcc-perf-iccs.so);
 * the layout matches the driver's context (three 440-bit big-endian numbers). */
#ifndef NGCC_PERF_ICCS_DRNG_H
#define NGCC_PERF_ICCS_DRNG_H

#ifdef __cplusplus
extern "C" {
#endif

#define SEEDLEN 55

typedef struct {
    unsigned char V[SEEDLEN];
    unsigned char C[SEEDLEN];
    unsigned char reseed_counter[SEEDLEN];
} DRNG_ctx;

int init_random_number(DRNG_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes);
int get_random_number(DRNG_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits);

#ifdef __cplusplus
}
#endif

#endif
