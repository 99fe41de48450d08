/* Command line of `ngcc-perf-driver kat` (PROTOCOL.md): which NGCC KAT file
 * to produce, its sizes, the repeat check and the address-space limit. */
#ifndef NGCC_KAT_OPTIONS_H
#define NGCC_KAT_OPTIONS_H

#include <stdint.h>

/* The four hash KAT files of the ICCS KAT rules. */
typedef enum { KAT_FILE_2_12, KAT_FILE_2_23, KAT_FILE_2_33, KAT_FILE_LOOP } kat_file;

/* Which calls are made twice to catch a nondeterministic library. */
typedef enum { REPEAT_NONE, REPEAT_ENDS, REPEAT_ALL } kat_repeat;

/* KAT_2_12: L = 0 .. 4096 bits. */
#define KAT_2_12_MAX_BITS 4096u
/* KAT_Loop: m has 8192 bits; 10^6 chained hashes. */
#define KAT_LOOP_MESSAGE_BITS 8192u
#define KAT_LOOP_ITERATIONS 1000000u
/* The seed is the file kind (8 characters) repeated 8 times. */
#define KAT_SEED_BYTES 64
/* Address-space limit when --max-memory-bytes is not given: 2 GiB plus
 * twice the longest message of the file (KAT_2_33: 4 GiB). */
#define KAT_DEFAULT_MEMORY_BASE_BYTES ((uint64_t)2 << 30)

typedef struct {
    const char *library;
    int digest_bits;
    kat_file file;
    const char *file_name;     /* "KAT_2_12", ... (8 characters: also the seed text) */
    uint64_t message_bits;     /* KAT_2_23/2_33: each message; KAT_Loop: m; KAT_2_12: the largest L */
    uint64_t iterations;       /* KAT_Loop only */
    kat_repeat repeat;
    uint64_t max_memory_bytes; /* 0: no limit */
    int test_sizes;            /* --test-message-bits or --test-iterations given */
} kat_options;

/* Parses LIB DIGEST_BITS FILE [--max-memory-bytes N] [--repeat all|ends|none]
 * [--test-message-bits N] [--test-iterations N]. Returns DRV_EXIT_OK, or
 * DRV_EXIT_USAGE after writing the error line. */
int parse_kat_options(int argc, char **argv, kat_options *opts);

const char *kat_repeat_name(kat_repeat repeat);

#endif
