/* Command line of the category-generic subcommands `op-time` and `op-kat` (PROTOCOL.md
 * "Categories"): positionals, `--adapter PATH`, `--param NAME=VALUE` (repeatable) and, for
 * op-time, `--counter NAME [--no-rate-probe]`, `--cpu N`, `--warm-check N`, `--timeout S` and
 * `--progress`. */
#ifndef NGCC_OP_OPTIONS_H
#define NGCC_OP_OPTIONS_H

#include "counter.h"
#include "json_line.h"
#include "ngcc_category.h"

#include <stdint.h>

/* Most `--param` options of one run. */
#define OP_MAX_PARAMETERS 16
/* The largest --timeout (alarm(2) takes an unsigned int of seconds; about 49 days). */
#define OP_MAX_TIMEOUT_SECONDS 4294967u

typedef struct {
    const char *positional[5];
    int positional_count;
    const char *adapter;  /* --adapter PATH, or NULL: a built-in category */
    const char *names[OP_MAX_PARAMETERS];
    const char *values[OP_MAX_PARAMETERS];
    unsigned parameter_count;
    int has_counter;
    counter_id counter;
    int no_rate_probe;
    int has_cpu;
    int cpu;
    uint64_t warm_check;  /* --warm-check N (op-time): N more calls timed after the trial, 0: none */
    uint64_t timeout_seconds; /* --timeout S (op-time): the whole run, set-up included, 0: none */
    int progress;         /* --progress (op-time): the estimate line on stderr after the first call, always */
} op_options;

/* The positional arguments a subcommand takes: at least `least`, at most `most`, named `names`
 * ("LIB CATEGORY KIND") in the usage error. */
typedef struct {
    int least;
    int most;
    const char *names;
} op_positionals;

/* Parses the `wanted` positionals and the options (anywhere, also as --name=VALUE); `timing` allows
 * the counter and CPU options. Returns DRV_EXIT_OK, or DRV_EXIT_USAGE after the error line. */
int parse_op_options(const char *subcommand, int argc, char **argv, const op_positionals *wanted, int timing,
                     op_options *opts);

/* Puts the value of each of op's parameters, in its order, into values[] (room for
 * OP_MAX_PARAMETERS). Every parameter must be given once, and no other. Returns DRV_EXIT_OK, or
 * DRV_EXIT_USAGE after the error line. */
int op_parameter_values(const char *subcommand, const ngcc_operation *op, const op_options *opts,
                        const char **values);

/* Writes an operation's identity into the JSON line being built: "category", "operation" and the
 * "parameters" object with op's parameters and their values, in op's order (the fields op-time's
 * meta line and op-profile's profile line share; PROTOCOL.md). */
void jl_operation(json_line *j, const char *category, const ngcc_operation *op, const char *const *values);

#endif
