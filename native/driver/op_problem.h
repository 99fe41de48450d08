/* Turns what a category's operation reported (ngcc_op_problem, ngcc_category.h) into the driver's
 * `error` line and exit code (PROTOCOL.md "Categories", "Exit codes"). */
#ifndef NGCC_OP_PROBLEM_H
#define NGCC_OP_PROBLEM_H

#include "ngcc_category.h"

#include <stdint.h>

/* Where the problem arose: the subcommand, the library, category and operation (or KAT kind), the
 * phase (`prepare`, `warmup`, `timed`, `kat`) and, when has_index, the call or record number. */
typedef struct {
    const char *subcommand;
    const char *library;
    const char *category;
    const char *operation;
    const char *phase;
    int has_index;
    uint64_t index;
} op_context;

/* Writes the error line for `status` (not NGCC_OP_OK) and returns the exit code: FAILED →
 * CRYPTOFAIL (3), OVERFLOW → OVERFLOW (4), WRONG → CHECKFAIL (11, as pk-kat's), SETUP → USAGE (2) or, for a missing
 * symbol, LOADFAIL (5), NO_MEMORY → IO (8). */
int report_op_problem(int status, const ngcc_op_problem *problem, const op_context *ctx);

#endif
