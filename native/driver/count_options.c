#define _POSIX_C_SOURCE 200809L
#include "count_options.h"
#include "args.h"
#include "exit_codes.h"

#include <stdio.h>
#include <string.h>

/* "--name VALUE" or "--name=VALUE": 1 with *value set, 0 when argv[*i] is
 * not this option, -1 when the value is missing. */
static int match_option(int argc, char **argv, int *i, const char *name, const char **value)
{
    size_t n = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, n) != 0 || (arg[n] != '=' && arg[n] != '\0')) {
        return 0;
    }
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return 1;
    }
    if (*i + 1 >= argc) {
        return -1;
    }
    *i += 1;
    *value = argv[*i];
    return 1;
}

/* 1 when argv[*i] was an option, 0 when positional, a negated exit code after a usage error. */
static int take_option(int argc, char **argv, int *i, count_options *opts)
{
    const char *value = NULL;
    int found;
    if ((found = match_option(argc, argv, i, "--source", &value)) == 1) {
        if (strcmp(value, "pmu") == 0) {
            opts->source = INSTR_SOURCE_PMU;
        } else if (strcmp(value, "valgrind") == 0) {
            opts->source = INSTR_SOURCE_VALGRIND;
        } else {
            return -usage_error_got("count", "--source must be pmu or valgrind", value);
        }
        return 1;
    }
    if (found == 0 && (found = match_option(argc, argv, i, "--calls", &value)) == 1) {
        if (parse_u64(value, 1, COUNT_MAX_CALLS, &opts->calls) != 0) {
            return -usage_error_got("count", "--calls must be an integer from 1 to 100", value);
        }
        return 1;
    }
    if (found == 0 && (found = match_option(argc, argv, i, "--warmups", &value)) == 1) {
        if (parse_u64(value, 0, COUNT_MAX_WARMUPS, &opts->warmups) != 0) {
            return -usage_error_got("count", "--warmups must be an integer from 0 to 100", value);
        }
        return 1;
    }
    if (found < 0) {
        return -usage_error("count", "an option is missing its value (--source pmu|valgrind, --calls N, --warmups N)");
    }
    if (strncmp(argv[*i], "--", 2) == 0) {
        char problem[256];
        snprintf(problem, sizeof problem, "unknown option \"%.200s\"", argv[*i]);
        return -usage_error("count", problem);
    }
    return 0;
}

int parse_count_options(int argc, char **argv, count_options *opts)
{
    const char *positional[3];
    int count = 0;
    int i;
    memset(opts, 0, sizeof *opts);
    opts->calls = 3;
    opts->warmups = 1;
    opts->source = INSTR_SOURCE_PMU;
    for (i = 0; i < argc; i++) {
        int taken = take_option(argc, argv, &i, opts);
        if (taken < 0) {
            return -taken;
        }
        if (taken == 1) {
            continue;
        }
        if (count == 3) {
            return usage_error("count", "too many arguments: expected LIB DIGEST_BITS MESSAGE_BYTES");
        }
        positional[count++] = argv[i];
    }
    if (count != 3) {
        return usage_error("count", "expected LIB DIGEST_BITS MESSAGE_BYTES");
    }
    opts->library = positional[0];
    if (parse_digest_bits(positional[1], &opts->digest_bits) != 0) {
        return usage_error_got("count", "DIGEST_BITS must be a positive multiple of 8 below 2^31", positional[1]);
    }
    if (parse_u64(positional[2], 0, COUNT_MAX_MESSAGE_BYTES, &opts->message_bytes) != 0) {
        return usage_error_got("count", "MESSAGE_BYTES must be an integer from 0 to 2^33", positional[2]);
    }
    return DRV_EXIT_OK;
}
