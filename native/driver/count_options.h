/* Arguments of `ngcc-perf-driver count` (PROTOCOL.md). */
#ifndef NGCC_COUNT_OPTIONS_H
#define NGCC_COUNT_OPTIONS_H
#include "instruction_counter.h"

#include <stdint.h>

#define COUNT_MAX_CALLS 100u
#define COUNT_MAX_WARMUPS 100u
#define COUNT_MAX_MESSAGE_BYTES ((uint64_t)1 << 33)

typedef struct {
    const char *library;
    int digest_bits;
    uint64_t message_bytes;
    uint64_t calls;   /* counted calls, default 3 */
    uint64_t warmups; /* uncounted calls before them, default 1 */
    instr_source source;
} count_options;

/* Parses `LIB DIGEST_BITS MESSAGE_BYTES [--source pmu|valgrind] [--calls N]
 * [--warmups N]`. Returns DRV_EXIT_OK or DRV_EXIT_USAGE (after the error line). */
int parse_count_options(int argc, char **argv, count_options *opts);

#endif
