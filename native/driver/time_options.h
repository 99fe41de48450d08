/* Command line of `ngcc-perf-driver time` (PROTOCOL.md). */
#ifndef NGCC_TIME_OPTIONS_H
#define NGCC_TIME_OPTIONS_H

#include "counter.h"

#include <stdint.h>

/* Longest timed message: 2^33 bytes (2^36 bits), as in hash mode. */
#define MAX_MESSAGE_BYTES ((uint64_t)1 << 33)

/* --scope per-call keeps one counter reading per call in memory: at most
 * this many timed calls (8 MB of readings). */
#define PER_CALL_MAX_ITERATIONS 1000000u

typedef enum { SCOPE_LOOP, SCOPE_PER_CALL } time_scope;

/* Message content: the guide's rule byte i = (i*131 + L) mod 256, or a
 * deterministic pseudo-random fill (xorshift64*, seeded from L). */
typedef enum { MESSAGE_RULE, MESSAGE_RANDOM } message_fill;

/* --offset N places the message N bytes past a 64-byte boundary. */
#define MAX_ALIGNMENT_OFFSET_BYTES 63u

typedef struct {
    const char *library;
    int digest_bits;
    uint64_t message_bytes;
    uint64_t iterations;
    uint64_t warmups;
    int has_counter;
    counter_id counter;
    int no_rate_probe;   /* --no-rate-probe: skip the counter's busy rate window */
    int fixed_layout;    /* --fixed-layout: ADDR_NO_RANDOMIZE (address_layout.h) */
    int has_cpu;
    int cpu;
    time_scope scope;
    message_fill message;
    uint64_t offset_bytes;
    uint64_t warm_check;  /* --warm-check N: N more calls timed after the trial (0: none) */
} time_options;

/* Most calls of --warm-check. */
#define WARM_CHECK_MAX_CALLS 1000u

/* The warm check's calls stop once this much time has passed (and is skipped after a timed loop
 * that took as long): `time` and `op-time`. */
#define WARM_CHECK_NS 10000000u

/* Matches "--name VALUE" or "--name=VALUE" at argv[*i] and advances *i past a
 * separate value. Returns 1 with *value set, 0 when argv[*i] is another
 * argument, -1 when the value is missing. */
int take_option(int argc, char **argv, int *i, const char *name, const char **value);

/* Parses LIB DIGEST_BITS MESSAGE_BYTES ITERATIONS WARMUPS [--counter NAME
 * [--no-rate-probe]] [--cpu N] [--scope loop|per-call] [--message
 * rule|random] [--offset N] [--warm-check N] (options anywhere, also as --counter=NAME;
 * --no-rate-probe only with --counter). Returns DRV_EXIT_OK,
 * or DRV_EXIT_USAGE after writing the error line. */
int parse_time_options(int argc, char **argv, time_options *opts);

#endif
