#define _POSIX_C_SOURCE 200809L
#include "kat_options.h"

#include "args.h"
#include "exit_codes.h"
#include "time_options.h"

#include <stdio.h>
#include <string.h>

/* Longest message the test override accepts: 2^36 bits, as in hash mode. */
#define MAX_TEST_MESSAGE_BITS ((uint64_t)1 << 36)
#define MIN_MEMORY_BYTES ((uint64_t)16 << 20)

static const struct {
    const char *name;
    kat_file file;
    uint64_t message_bits;
    kat_repeat repeat;
} KAT_FILES[] = {
    {"KAT_2_12", KAT_FILE_2_12, KAT_2_12_MAX_BITS, REPEAT_ALL},
    {"KAT_2_23", KAT_FILE_2_23, (uint64_t)1 << 23, REPEAT_ALL},
    {"KAT_2_33", KAT_FILE_2_33, (uint64_t)1 << 33, REPEAT_NONE},
    {"KAT_Loop", KAT_FILE_LOOP, KAT_LOOP_MESSAGE_BITS, REPEAT_ENDS},
};

const char *kat_repeat_name(kat_repeat repeat)
{
    return repeat == REPEAT_ALL ? "all" : repeat == REPEAT_ENDS ? "ends" : "none";
}

static int parse_repeat(const char *text, kat_repeat *repeat)
{
    if (strcmp(text, "all") == 0) {
        *repeat = REPEAT_ALL;
    } else if (strcmp(text, "ends") == 0) {
        *repeat = REPEAT_ENDS;
    } else if (strcmp(text, "none") == 0) {
        *repeat = REPEAT_NONE;
    } else {
        return -1;
    }
    return 0;
}

static int set_file(const char *text, kat_options *opts)
{
    size_t i;
    for (i = 0; i < sizeof KAT_FILES / sizeof KAT_FILES[0]; i++) {
        if (strcmp(text, KAT_FILES[i].name) == 0) {
            opts->file = KAT_FILES[i].file;
            opts->file_name = KAT_FILES[i].name;
            opts->message_bits = KAT_FILES[i].message_bits;
            opts->repeat = KAT_FILES[i].repeat;
            opts->iterations = opts->file == KAT_FILE_LOOP ? KAT_LOOP_ITERATIONS : 0;
            return 0;
        }
    }
    return -1;
}

/* Applies one option at argv[*i]; returns 0, 1 when argv[*i] is positional,
 * or DRV_EXIT_USAGE. */
static int take_kat_option(int argc, char **argv, int *i, kat_options *opts, const char **pending_test_bits,
                           const char **pending_iterations, const char **pending_memory)
{
    const char *value = NULL;
    int got;
    if ((got = take_option(argc, argv, i, "--max-memory-bytes", &value)) != 0) {
        *pending_memory = value;
    } else if ((got = take_option(argc, argv, i, "--repeat", &value)) != 0) {
        if (got > 0 && parse_repeat(value, &opts->repeat) != 0) {
            return usage_error_got("kat", "--repeat takes all, ends or none", value);
        }
    } else if ((got = take_option(argc, argv, i, "--test-message-bits", &value)) != 0) {
        *pending_test_bits = value;
    } else if ((got = take_option(argc, argv, i, "--test-iterations", &value)) != 0) {
        *pending_iterations = value;
    } else if (strncmp(argv[*i], "--", 2) == 0) {
        char problem[256];
        snprintf(problem, sizeof problem, "unknown option \"%.200s\"", argv[*i]);
        return usage_error("kat", problem);
    } else {
        return 1;
    }
    if (got < 0) {
        char problem[256];
        snprintf(problem, sizeof problem, "option %.200s needs a value", argv[*i]);
        return usage_error("kat", problem);
    }
    return 0;
}

static int apply_sizes(kat_options *opts, const char *test_bits, const char *iterations,
                       const char *memory)
{
    if (test_bits != NULL) {
        if (opts->file != KAT_FILE_2_23 && opts->file != KAT_FILE_2_33) {
            return usage_error("kat", "--test-message-bits applies to KAT_2_23 and KAT_2_33 only");
        }
        if (parse_u64(test_bits, 64, MAX_TEST_MESSAGE_BITS, &opts->message_bits) != 0 ||
            opts->message_bits % 8 != 0) {
            return usage_error_got("kat", "--test-message-bits must be a multiple of 8 from 64 to 2^36", test_bits);
        }
        opts->test_sizes = 1;
    }
    if (iterations != NULL) {
        if (opts->file != KAT_FILE_LOOP) {
            return usage_error("kat", "--test-iterations applies to KAT_Loop only");
        }
        if (parse_u64(iterations, 0, 1000000000u, &opts->iterations) != 0) {
            return usage_error_got("kat", "--test-iterations must be a whole number from 0 to 10^9", iterations);
        }
        opts->test_sizes = 1;
    }
    if (memory != NULL) {
        if (parse_u64(memory, 0, UINT64_MAX, &opts->max_memory_bytes) != 0 ||
            (opts->max_memory_bytes != 0 && opts->max_memory_bytes < MIN_MEMORY_BYTES)) {
            return usage_error_got("kat", "--max-memory-bytes must be 0 (no limit) or at least 16777216", memory);
        }
    } else {
        uint64_t longest = opts->file == KAT_FILE_2_12 ? 0 : opts->message_bits / 8;
        opts->max_memory_bytes = KAT_DEFAULT_MEMORY_BASE_BYTES + 2 * longest;
    }
    return DRV_EXIT_OK;
}

int parse_kat_options(int argc, char **argv, kat_options *opts)
{
    const char *positional[3];
    const char *test_bits = NULL;
    const char *iterations = NULL;
    const char *memory = NULL;
    int n_positional = 0;
    int i;
    int code;
    memset(opts, 0, sizeof *opts);
    for (i = 0; i < argc; i++) {
        code = take_kat_option(argc, argv, &i, opts, &test_bits, &iterations, &memory);
        if (code == 1) {
            if (n_positional == 3) {
                return usage_error("kat", "expected exactly LIB DIGEST_BITS FILE before or between the options");
            }
            positional[n_positional++] = argv[i];
        } else if (code != 0) {
            return code;
        }
    }
    if (n_positional != 3) {
        return usage_error("kat", "expected LIB DIGEST_BITS FILE (FILE: KAT_2_12, KAT_2_23, KAT_2_33 or KAT_Loop)");
    }
    opts->library = positional[0];
    if (parse_digest_bits(positional[1], &opts->digest_bits) != 0) {
        return usage_error_got("kat", "DIGEST_BITS must be a positive multiple of 8 below 2^31", positional[1]);
    }
    {
        /* --repeat may come before FILE; keep its value over the file's default. */
        kat_repeat chosen = opts->repeat;
        int repeat_given = 0;
        for (i = 0; i < argc; i++) {
            if (strncmp(argv[i], "--repeat", 8) == 0) {
                repeat_given = 1;
            }
        }
        if (set_file(positional[2], opts) != 0) {
            return usage_error_got("kat", "FILE must be KAT_2_12, KAT_2_23, KAT_2_33 or KAT_Loop", positional[2]);
        }
        if (repeat_given) {
            opts->repeat = chosen;
        }
    }
    if (opts->file == KAT_FILE_LOOP && (uint64_t)opts->digest_bits > KAT_LOOP_MESSAGE_BITS) {
        return usage_error_got(
            "kat", "KAT_Loop XORs the digest into the 8192-bit message: DIGEST_BITS must be at most 8192",
            positional[1]);
    }
    return apply_sizes(opts, test_bits, iterations, memory);
}
