/* The ICCS support a public-key instance may expect from the program it is
 * linked into (SPEC §10): the DRNG context `drng_algorithm`, the DRNG
 * functions `init_random_number` / `get_random_number` (ICCS drng.h), and the
 * placeholder primitives `sm3hash`, `pseudohash`, `pseudoXOF` (ICCS auxfunc.h).
 *
 * Built into its own shared library, libngcc-perf-iccs.so, beside the driver
 * (native/driver/CMakeLists.txt). Only these six symbols are exported; the
 * SM3 and DRNG code inside is hidden, so it never interposes an instance's own
 * functions of the same names. `pk-kat` loads it RTLD_GLOBAL before the
 * instance, and the instance RTLD_DEEPBIND, so an instance's own definitions
 * win and only its undefined references reach this library (pk_library.c). */
#ifndef NGCC_ICCS_SUPPORT_H
#define NGCC_ICCS_SUPPORT_H

#define ICCS_EXPORT __attribute__((visibility("default")))

/* ICCS drng.h: SEEDLEN = 55 bytes (440 bits). */
#define ICCS_SEEDLEN 55

/* The context layout of ICCS drng.h (V, C and the reseed counter, each a
 * 440-bit big-endian number), followed by room to spare: an instance that
 * brings its own DRNG functions with a larger context of its own may still be
 * handed this object when it does not define `drng_algorithm` itself. */
typedef struct {
    unsigned char v[ICCS_SEEDLEN];
    unsigned char c[ICCS_SEEDLEN];
    unsigned char reseed_counter[ICCS_SEEDLEN];
} iccs_drng_ctx;

#define ICCS_DRNG_OBJECT_BYTES 4096

/* Return codes of the ICCS functions: 0 success; auxfunc.c's -2 (no memory)
 * and -4 (digest length not supported). */
#define ICCS_OK 0
#define ICCS_NO_MEMORY (-2)
#define ICCS_BAD_DIGEST_LENGTH (-4)

ICCS_EXPORT int init_random_number(iccs_drng_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes);
ICCS_EXPORT int get_random_number(iccs_drng_ctx *drng, unsigned char *random_number,
                                  unsigned long long random_number_len_bits);
ICCS_EXPORT int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                        unsigned char *digest);
ICCS_EXPORT int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                           unsigned char *digest);
ICCS_EXPORT int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                          unsigned long long msg_len_bits, unsigned char *output);

#endif
