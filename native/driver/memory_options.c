#define _GNU_SOURCE
#include "memory_options.h"

#include "args.h"
#include "exit_codes.h"
#include "painted_stack.h"

#include <sched.h>
#include <stdio.h>
#include <string.h>

/* Matches "--name VALUE" or "--name=VALUE"; advances *i past a separate value.
 * Returns 1 with *value set, 0 when argv[*i] is not this option, -1 when the
 * value is missing. */
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

/* Handles argv[*i] if it is an option. Returns 1 when it was, 0 when it is a
 * positional argument, or an exit code (negated) after a usage error. */
static int take_option(int argc, char **argv, int *i, memory_options *opts)
{
    const char *value = NULL;
    uint64_t number;
    int found = match_option(argc, argv, i, "--cpu", &value);
    if (found == 1) {
        if (parse_u64(value, 0, CPU_SETSIZE - 1, &number) != 0) {
            return -usage_error_got("memory", "--cpu must be a CPU number (0, 1, ...)", value);
        }
        opts->has_cpu = 1;
        opts->cpu = (int)number;
        return 1;
    }
    if (found == 0) {
        found = match_option(argc, argv, i, "--stack-bytes", &value);
    }
    if (found == 1) {
        if (parse_u64(value, MEMORY_MIN_STACK_BYTES, MEMORY_MAX_STACK_BYTES, &number) != 0) {
            return -usage_error_got("memory", "--stack-bytes must be an integer from 16384 to 2^30",
                                   value);
        }
        opts->stack_bytes = number;
        return 1;
    }
    if (found < 0) {
        return -usage_error("memory", "an option is missing its value (--cpu N, --stack-bytes N)");
    }
    if (strncmp(argv[*i], "--", 2) == 0) {
        char problem[256];
        snprintf(problem, sizeof problem, "unknown option \"%.200s\"", argv[*i]);
        return -usage_error("memory", problem);
    }
    return 0;
}

int parse_memory_options(int argc, char **argv, memory_options *opts)
{
    const char *positional[3];
    int count = 0;
    int i;
    memset(opts, 0, sizeof *opts);
    opts->stack_bytes = PSTACK_DEFAULT_BYTES;
    for (i = 0; i < argc; i++) {
        int taken = take_option(argc, argv, &i, opts);
        if (taken < 0) {
            return -taken;
        }
        if (taken == 1) {
            continue;
        }
        if (count == 3) {
            return usage_error("memory", "too many arguments: expected LIB DIGEST_BITS MESSAGE_BYTES");
        }
        positional[count++] = argv[i];
    }
    if (count != 3) {
        return usage_error("memory", "expected LIB DIGEST_BITS MESSAGE_BYTES");
    }
    opts->library = positional[0];
    if (parse_digest_bits(positional[1], &opts->digest_bits) != 0) {
        return usage_error_got("memory", "DIGEST_BITS must be a positive multiple of 8 below 2^31",
                               positional[1]);
    }
    if (parse_u64(positional[2], 0, MEMORY_MAX_MESSAGE_BYTES, &opts->message_bytes) != 0) {
        return usage_error_got("memory", "MESSAGE_BYTES must be an integer from 0 to 2^33",
                               positional[2]);
    }
    return DRV_EXIT_OK;
}
