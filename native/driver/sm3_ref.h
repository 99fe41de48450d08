/* SM3 (GB/T 32905-2016) for the driver's own use: the NGCC KAT DRNG
 * (ngcc_drng.c) hashes with it. Candidate libraries are never involved.
 * Scalar and portable; sm3_lanes.h hashes eight short messages at once. */
#ifndef NGCC_SM3_REF_H
#define NGCC_SM3_REF_H

#include <stddef.h>
#include <stdint.h>

#define SM3_DIGEST_BYTES 32
#define SM3_BLOCK_BYTES 64

/* The initial value IV (GB/T 32905 §4.1). */
extern const uint32_t SM3_IV[8];

/* T_j rotated left by j mod 32, j = 0..63 (GB/T 32905 §4.2 and §5.3.3). */
extern const uint32_t SM3_ROTATED_T[64];

typedef struct {
    uint32_t state[8];
    uint64_t total_bytes;
    unsigned char block[SM3_BLOCK_BYTES];
    size_t used_bytes;
} sm3_ctx;

/* The compression function CF: state = CF(state, block) (GB/T 32905 §5.3). */
void sm3_compress(uint32_t state[8], const unsigned char block[SM3_BLOCK_BYTES]);

void sm3_init(sm3_ctx *ctx);
void sm3_update(sm3_ctx *ctx, const unsigned char *data, size_t n_bytes);
/* Pads (a 1 bit, zeros, the 64-bit bit length) and writes the digest. */
void sm3_final(sm3_ctx *ctx, unsigned char digest[SM3_DIGEST_BYTES]);

/* One call: digest = SM3(data). */
void sm3_digest(const unsigned char *data, size_t n_bytes, unsigned char digest[SM3_DIGEST_BYTES]);

#endif
