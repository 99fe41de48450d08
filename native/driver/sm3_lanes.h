/* Eight SM3 hashes at once, for messages that pad into one block (at most
 * 55 bytes): the bulk path of the KAT DRNG (ngcc_drng.c), whose Hashgen
 * hashes V, V+1, V+2, ... (55 bytes each) independently.
 *
 * The eight compressions run side by side in 32-bit vector lanes (GCC vector
 * extensions: SSE2 pairs on any x86-64, AVX2 when the CPU has it, NEON on
 * AArch64), about 5x the scalar rate. Checked against sm3_ref.c by
 * `ngcc-perf-driver kat` output tests (native/test/kat-driver.test.ts). */
#ifndef NGCC_SM3_LANES_H
#define NGCC_SM3_LANES_H

#include <stddef.h>

#define SM3_LANES 8
#define SM3_LANES_MAX_MESSAGE_BYTES 55

/* digests + 32·k = SM3(messages + n_bytes·k) for k = 0..7; the eight messages
 * lie back to back, n_bytes each, n_bytes ≤ 55. */
void sm3_lanes_one_block(const unsigned char *messages, size_t n_bytes, unsigned char *digests);

#endif
