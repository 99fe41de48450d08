#define _GNU_SOURCE
#include "time_options.h"

#include "args.h"
#include "exit_codes.h"

#include <sched.h>
#include <stdio.h>
#include <string.h>

int take_option(int argc, char **argv, int *i, const char *name, const char **value)
{
    size_t n = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, n) != 0) {
        return 0;
    }
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return 1;
    }
    if (arg[n] != '\0') {
        return 0;
    }
    if (*i + 1 >= argc) {
        return -1;
    }
    *i += 1;
    *value = argv[*i];
    return 1;
}

static int check_positionals(const char *const positional[5], time_options *opts)
{
    opts->library = positional[0];
    if (parse_digest_bits(positional[1], &opts->digest_bits) != 0) {
        return usage_error_got("time", "DIGEST_BITS must be a positive multiple of 8 below 2^31",
                               positional[1]);
    }
    if (parse_u64(positional[2], 0, MAX_MESSAGE_BYTES, &opts->message_bytes) != 0) {
        return usage_error_got("time", "MESSAGE_BYTES must be an integer from 0 to 2^33", positional[2]);
    }
    if (parse_u64(positional[3], 1, UINT64_MAX / 2, &opts->iterations) != 0) {
        return usage_error_got("time", "ITERATIONS must be an integer of at least 1", positional[3]);
    }
    if (parse_u64(positional[4], 0, UINT64_MAX / 2, &opts->warmups) != 0) {
        return usage_error_got("time", "WARMUPS must be an integer of at least 0", positional[4]);
    }
    return DRV_EXIT_OK;
}

int parse_time_options(int argc, char **argv, time_options *opts)
{
    const char *positional[5];
    int count = 0;
    int i;
    memset(opts, 0, sizeof *opts);
    for (i = 0; i < argc; i++) {
        const char *value = NULL;
        int found;
        if (strcmp(argv[i], "--no-rate-probe") == 0) {
            opts->no_rate_probe = 1;
            continue;
        }
        if (strcmp(argv[i], "--fixed-layout") == 0) {
            opts->fixed_layout = 1; /* done by main.c before the sandbox (address_layout.h) */
            continue;
        }
        found = take_option(argc, argv, &i, "--counter", &value);
        if (found == 1) {
            if (counter_from_name(value, &opts->counter) != 0) {
                return usage_error_got("time", "--counter must be pmu-cycles, tsc, tscp, cntvct or clock",
                                       value);
            }
            opts->has_counter = 1;
            continue;
        }
        if (found == 0) {
            found = take_option(argc, argv, &i, "--scope", &value);
            if (found == 1) {
                if (strcmp(value, "loop") == 0) {
                    opts->scope = SCOPE_LOOP;
                } else if (strcmp(value, "per-call") == 0) {
                    opts->scope = SCOPE_PER_CALL;
                } else {
                    return usage_error_got("time", "--scope must be loop or per-call", value);
                }
                continue;
            }
        }
        if (found == 0) {
            found = take_option(argc, argv, &i, "--message", &value);
            if (found == 1) {
                if (strcmp(value, "rule") == 0) {
                    opts->message = MESSAGE_RULE;
                } else if (strcmp(value, "random") == 0) {
                    opts->message = MESSAGE_RANDOM;
                } else {
                    return usage_error_got("time", "--message must be rule or random", value);
                }
                continue;
            }
        }
        if (found == 0) {
            found = take_option(argc, argv, &i, "--offset", &value);
            if (found == 1) {
                if (parse_u64(value, 0, MAX_ALIGNMENT_OFFSET_BYTES, &opts->offset_bytes) != 0) {
                    return usage_error_got("time", "--offset must be an integer from 0 to 63", value);
                }
                continue;
            }
        }
        if (found == 0) {
            found = take_option(argc, argv, &i, "--warm-check", &value);
            if (found == 1) {
                if (parse_u64(value, 1, WARM_CHECK_MAX_CALLS, &opts->warm_check) != 0) {
                    return usage_error_got("time", "--warm-check must be an integer from 1 to 1000",
                                           value);
                }
                continue;
            }
        }
        if (found == 0) {
            found = take_option(argc, argv, &i, "--cpu", &value);
        }
        if (found == 1) {
            uint64_t cpu;
            if (parse_u64(value, 0, CPU_SETSIZE - 1, &cpu) != 0) {
                return usage_error_got("time", "--cpu must be a CPU number (0, 1, ...)", value);
            }
            opts->has_cpu = 1;
            opts->cpu = (int)cpu;
            continue;
        }
        if (found < 0) {
            return usage_error("time", "an option is missing its value (--counter NAME, --cpu N, "
                                       "--scope loop|per-call, --message rule|random, --offset N, "
                                       "--warm-check N)");
        }
        if (strncmp(argv[i], "--", 2) == 0) {
            char problem[256];
            snprintf(problem, sizeof problem, "unknown option \"%.200s\"", argv[i]);
            return usage_error("time", problem);
        }
        if (count == 5) {
            return usage_error("time", "too many arguments: expected LIB DIGEST_BITS MESSAGE_BYTES "
                                       "ITERATIONS WARMUPS");
        }
        positional[count++] = argv[i];
    }
    if (count != 5) {
        return usage_error("time", "expected LIB DIGEST_BITS MESSAGE_BYTES ITERATIONS WARMUPS");
    }
    if (check_positionals(positional, opts) != DRV_EXIT_OK) {
        return DRV_EXIT_USAGE;
    }
    if (opts->no_rate_probe && !opts->has_counter) {
        return usage_error("time", "--no-rate-probe needs --counter NAME: without it the driver probes "
                                   "every counter's rate to choose one. Add --counter with the counter "
                                   "`ngcc-perf-driver info` chose (e.g. --counter tsc), or drop "
                                   "--no-rate-probe");
    }
    if (opts->scope == SCOPE_PER_CALL && opts->iterations > PER_CALL_MAX_ITERATIONS) {
        return usage_error("time", "--scope per-call times at most 1000000 calls per trial (one "
                                   "counter reading each is kept in memory): lower ITERATIONS");
    }
    return DRV_EXIT_OK;
}
