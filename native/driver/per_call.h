/* `time --scope per-call` (PROTOCOL.md): the counter is read before the first
 * call and after every call (SUPERCOP style), so call i costs
 * stamps[i+1] - stamps[i] ticks, which includes one counter read. The read
 * overhead (median difference of back-to-back reads, measured just before)
 * is then subtracted from the quartiles (floored at 0). */
#ifndef NGCC_PER_CALL_H
#define NGCC_PER_CALL_H

#include "counter.h"
#include "json_line.h"
#include "library.h"
#include "sample_stats.h"

#include <stdint.h>

/* Back-to-back read differences behind perCall.overheadTicks. */
#define PER_CALL_OVERHEAD_PAIRS 4095u

typedef struct {
    crypt_hash_fn fn;
    int digest_bits;
    const unsigned char *message;
    unsigned long long message_bits;
    unsigned char *digest;
} hash_call;

typedef struct {
    uint64_t count;            /* timed calls */
    uint64_t overhead_ticks;   /* read overhead subtracted below */
    sample_quartiles raw;      /* of the per-call differences, overhead included */
} per_call_figures;

/* Entries the stamps array needs for `iterations` calls (and for measuring
 * the overhead in the same array). */
uint64_t per_call_stamp_count(uint64_t iterations);

/* Reads the counter, then for each of `count` calls: CryptHash, read. Stops
 * at the first call returning non-zero (its code in *rc) or a failed counter
 * read (*read_failed = 1). Returns the index of that call, or `count` when all
 * returned 0; then stamps[0..count] hold the readings. */
uint64_t per_call_run(const counter *c, const hash_call *call, uint64_t count, uint64_t *stamps,
                      int *rc, int *read_failed);

/* Turns stamps[0..count] into the per-call quartiles (stamps is reordered). */
void per_call_summarise(uint64_t *stamps, uint64_t count, uint64_t overhead_ticks,
                        per_call_figures *out);

/* "perCall":{"count","rawMedianTicks","rawQ1Ticks","rawQ3Ticks","rawMinTicks","rawMaxTicks",
 * "overheadTicks","medianTicks","q1Ticks","q3Ticks"}; the last three are raw − overhead,
 * floored at 0. */
void jl_per_call(json_line *j, const per_call_figures *f);

#endif
