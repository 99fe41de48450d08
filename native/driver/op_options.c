#define _GNU_SOURCE
#include "op_options.h"

#include "args.h"
#include "exit_codes.h"
#include "time_options.h"

#include <stdio.h>
#include <string.h>

static int take_parameter(const char *subcommand, const char *text, op_options *opts)
{
    const char *equals = strchr(text, '=');
    static char names[OP_MAX_PARAMETERS][64];
    size_t n;
    if (equals == NULL || equals == text || (size_t)(equals - text) >= sizeof names[0]) {
        return usage_error_got(subcommand, "--param must be NAME=VALUE with a name of 1 to 63 characters", text);
    }
    if (opts->parameter_count >= OP_MAX_PARAMETERS) {
        return usage_error_got(subcommand, "at most 16 --param options are taken, one more was", text);
    }
    n = (size_t)(equals - text);
    memcpy(names[opts->parameter_count], text, n);
    names[opts->parameter_count][n] = '\0';
    opts->names[opts->parameter_count] = names[opts->parameter_count];
    opts->values[opts->parameter_count] = equals + 1;
    opts->parameter_count++;
    return DRV_EXIT_OK;
}

/* 1 when argv[*i] was a timing option (taken), 0 when not, or an exit code through *code. */
static int take_timing_option(const char *subcommand, int argc, char **argv, int *i, op_options *opts, int *code)
{
    const char *value = NULL;
    uint64_t cpu;
    int found;
    *code = DRV_EXIT_OK;
    if (strcmp(argv[*i], "--no-rate-probe") == 0) {
        opts->no_rate_probe = 1;
        return 1;
    }
    if (strcmp(argv[*i], "--progress") == 0) {
        opts->progress = 1;
        return 1;
    }
    found = take_option(argc, argv, i, "--counter", &value);
    if (found == 1) {
        if (counter_from_name(value, &opts->counter) != 0) {
            *code = usage_error_got(subcommand, "--counter must be pmu-cycles, tsc, tscp, cntvct or clock", value);
        }
        opts->has_counter = 1;
        return 1;
    }
    if (found == 0) {
        found = take_option(argc, argv, i, "--cpu", &value);
        if (found == 1) {
            if (parse_u64(value, 0, 65535, &cpu) != 0) {
                *code = usage_error_got(subcommand, "--cpu must be a CPU number from 0 to 65535", value);
            }
            opts->has_cpu = 1;
            opts->cpu = (int)cpu;
            return 1;
        }
    }
    if (found == 0) {
        found = take_option(argc, argv, i, "--warm-check", &value);
        if (found == 1) {
            if (parse_u64(value, 1, WARM_CHECK_MAX_CALLS, &opts->warm_check) != 0) {
                *code = usage_error_got(subcommand, "--warm-check must be an integer from 1 to 1000", value);
            }
            return 1;
        }
    }
    if (found == 0) {
        found = take_option(argc, argv, i, "--timeout", &value);
        if (found == 1) {
            if (parse_u64(value, 1, OP_MAX_TIMEOUT_SECONDS, &opts->timeout_seconds) != 0) {
                *code = usage_error_got(subcommand, "--timeout must be a whole number of seconds from 1 to 4294967",
                                        value);
            }
            return 1;
        }
    }
    if (found == -1) {
        *code = usage_error_got(subcommand, "an option needs a value after it", argv[*i]);
        return 1;
    }
    return 0;
}

int parse_op_options(const char *subcommand, int argc, char **argv, const op_positionals *wanted, int timing,
                     op_options *opts)
{
    int i;
    int code;
    memset(opts, 0, sizeof *opts);
    for (i = 0; i < argc; i++) {
        const char *value = NULL;
        int found = take_option(argc, argv, &i, "--adapter", &value);
        if (found == 1) {
            opts->adapter = value;
            continue;
        }
        if (found == 0) {
            found = take_option(argc, argv, &i, "--param", &value);
            if (found == 1) {
                if ((code = take_parameter(subcommand, value, opts)) != DRV_EXIT_OK) {
                    return code;
                }
                continue;
            }
        }
        if (found == -1) {
            return usage_error_got(subcommand, "an option needs a value after it", argv[i]);
        }
        if (timing && take_timing_option(subcommand, argc, argv, &i, opts, &code)) {
            if (code != DRV_EXIT_OK) {
                return code;
            }
            continue;
        }
        if (strncmp(argv[i], "--", 2) == 0 || opts->positional_count >= wanted->most) {
            return usage_error_got(subcommand, "unknown option or extra argument", argv[i]);
        }
        opts->positional[opts->positional_count++] = argv[i];
    }
    if (opts->no_rate_probe && !opts->has_counter) {
        return usage_error(subcommand, "--no-rate-probe needs --counter NAME");
    }
    if (opts->positional_count < wanted->least) {
        char problem[160];
        snprintf(problem, sizeof problem, "the arguments %s are needed", wanted->names);
        return usage_error(subcommand, problem);
    }
    return DRV_EXIT_OK;
}

int op_parameter_values(const char *subcommand, const ngcc_operation *op, const op_options *opts,
                        const char **values)
{
    char problem[256];
    unsigned wanted = 0;
    unsigned i;
    unsigned k;
    for (i = 0; i < opts->parameter_count; i++) {
        int known = 0;
        for (k = 0; op->parameters[k] != NULL; k++) {
            known |= strcmp(op->parameters[k], opts->names[i]) == 0;
        }
        if (!known) {
            snprintf(problem, sizeof problem, "the operation %.64s takes no parameter of that name", op->name);
            return usage_error_got(subcommand, problem, opts->names[i]);
        }
    }
    for (k = 0; op->parameters[k] != NULL && k < OP_MAX_PARAMETERS; k++) {
        int given = 0;
        for (i = 0; i < opts->parameter_count; i++) {
            if (strcmp(op->parameters[k], opts->names[i]) == 0) {
                values[k] = opts->values[i];
                given++;
            }
        }
        if (given != 1) {
            snprintf(problem, sizeof problem, "the operation %.64s needs --param %.64s=VALUE exactly once (given %s)",
                     op->name, op->parameters[k], given == 0 ? "none" : "more than once");
            return usage_error(subcommand, problem);
        }
        wanted++;
    }
    values[wanted] = NULL;
    return DRV_EXIT_OK;
}

void jl_operation(json_line *j, const char *category, const ngcc_operation *op, const char *const *values)
{
    unsigned k;
    jl_str(j, "category", category);
    jl_str(j, "operation", op->name);
    jl_object_begin(j, "parameters");
    for (k = 0; op->parameters[k] != NULL; k++) {
        jl_str(j, op->parameters[k], values[k]);
    }
    jl_object_end(j);
}
