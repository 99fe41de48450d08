/* ngcc-perf's declaration of the ICCS placeholder primitives a public-key
 * instance calls (SPEC: ICCS auxfunc.h): sm3hash (256 bits), pseudohash
 * (512/768/1024 bits) and pseudoXOF; every length in bits. Only for packages
 * that include "auxfunc.h" without shipping it; the functions are provided by
 * the program the library is loaded into (ngcc-perf-driver). */
#ifndef NGCC_PERF_ICCS_AUXFUNC_H
#define NGCC_PERF_ICCS_AUXFUNC_H

#ifdef __cplusplus
extern "C" {
#endif

int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);
int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *output);

#ifdef __cplusplus
}
#endif

#endif
