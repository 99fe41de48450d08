/* Command line of `ngcc-perf-driver memory` (PROTOCOL.md). */
#ifndef NGCC_MEMORY_OPTIONS_H
#define NGCC_MEMORY_OPTIONS_H

#include <stdint.h>

/* Longest message: 2^33 bytes, as in `time`. */
#define MEMORY_MAX_MESSAGE_BYTES ((uint64_t)1 << 33)
/* --stack-bytes limits; the default is PSTACK_DEFAULT_BYTES (8 MiB). */
#define MEMORY_MIN_STACK_BYTES ((uint64_t)16 << 10)
#define MEMORY_MAX_STACK_BYTES ((uint64_t)1 << 30)

typedef struct {
    const char *library;
    int digest_bits;
    uint64_t message_bytes;
    uint64_t stack_bytes;
    int has_cpu;
    int cpu;
} memory_options;

/* Parses LIB DIGEST_BITS MESSAGE_BYTES [--cpu N] [--stack-bytes N] (options
 * anywhere, also as --cpu=N). Returns DRV_EXIT_OK, or DRV_EXIT_USAGE after
 * writing the error line. */
int parse_memory_options(int argc, char **argv, memory_options *opts);

#endif
