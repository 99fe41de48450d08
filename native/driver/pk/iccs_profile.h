/* The profiling twin of the ICCS support library (libngcc-perf-iccs-profile.so), loaded only by
 * `op-profile` (PROTOCOL.md): the same six symbols, whose four functions sm3hash, pseudohash,
 * pseudoXOF and get_random_number count their calls and the counter ticks spent inside them
 * while counting is on. The timed processes (`op-time`) load libngcc-perf-iccs.so, which has no
 * counting at all. A call made while another profiled call is running (nested) counts as a call
 * but adds no ticks: its ticks are already inside the outer one's. */
#ifndef NGCC_ICCS_PROFILE_H
#define NGCC_ICCS_PROFILE_H

#include <stdint.h>

/* The profiled primitives, in the order of ICCS_PROFILE_NAMES. */
enum { ICCS_PROFILE_SM3HASH, ICCS_PROFILE_PSEUDOHASH, ICCS_PROFILE_PSEUDOXOF, ICCS_PROFILE_GET_RANDOM,
       ICCS_PROFILE_PRIMITIVES };

/* Reads the caller's counter (the driver's counter_read over its chosen counter); 0 on success. */
typedef int (*iccs_profile_read_fn)(void *context, uint64_t *ticks);

typedef struct {
    uint64_t calls[ICCS_PROFILE_PRIMITIVES];
    uint64_t ticks[ICCS_PROFILE_PRIMITIVES];
    /* Outermost calls (the ones that read the counter twice, so their ticks hold about one read). */
    uint64_t timed[ICCS_PROFILE_PRIMITIVES];
    /* Counter reads that failed (their call's ticks are not counted). */
    uint64_t read_failures;
    int depth;
    int counting;
    iccs_profile_read_fn read;
    void *context;
} iccs_profile;

/* The one profile of the process, exported by the profiling library under this name. */
#define ICCS_PROFILE_SYMBOL "ngcc_iccs_profile_v1"
typedef iccs_profile *(*iccs_profile_get_fn)(void);

#endif
