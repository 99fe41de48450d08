/* `ngcc-perf-driver categories [LIB] [--adapter PATH]`: one `category` line per category the
 * driver knows (the built-in table, or the adapter's): its symbols, operations with their
 * parameters and KAT kinds; with LIB, `matches` says whether LIB defines all its symbols
 * (PROTOCOL.md "Categories"). */
#define _POSIX_C_SOURCE 200809L
#include "category_table.h"
#include "commands.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "json_line.h"
#include "library.h"
#include "op_options.h"
#include "out.h"
#include "pk/pk_library.h"
#include "report.h"

static const op_positionals CATEGORIES_POSITIONALS = {0, 1, "[LIB]"};

static int write_category(json_line *j, const ngcc_category *c, const char *source, int has_library)
{
    unsigned i;
    int k;
    int matches = 1;
    jl_begin(j, "category");
    jl_str(j, "name", c->name);
    jl_u64(j, "abi", c->abi);
    jl_str(j, "source", source);
    jl_array_begin(j, "symbols");
    for (k = 0; c->symbols[k] != NULL; k++) {
        jl_elem_str(j, c->symbols[k]);
        matches &= has_library && library_symbol(c->symbols[k]) != NULL;
    }
    jl_array_end(j);
    jl_array_begin(j, "operations");
    for (i = 0; i < c->operation_count; i++) {
        jl_elem_object_begin(j);
        jl_str(j, "name", c->operations[i].name);
        jl_array_begin(j, "parameters");
        for (k = 0; c->operations[i].parameters[k] != NULL; k++) {
            jl_elem_str(j, c->operations[i].parameters[k]);
        }
        jl_array_end(j);
        jl_object_end(j);
    }
    jl_array_end(j);
    jl_array_begin(j, "katKinds");
    for (k = 0; c->kat_kinds != NULL && c->kat_kinds[k] != NULL; k++) {
        jl_elem_str(j, c->kat_kinds[k]);
    }
    jl_array_end(j);
    if (has_library) {
        jl_bool(j, "matches", matches);
    }
    return jl_emit(j) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

int cmd_categories(int argc, char **argv)
{
    static json_line line;
    op_options opts;
    const ngcc_category *adapter = NULL;
    void *handle = NULL;
    int code = parse_op_options("categories", argc, argv, &CATEGORIES_POSITIONALS, 0, &opts);
    int i;
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (opts.adapter != NULL && (code = category_from_adapter("categories", opts.adapter, &adapter)) != DRV_EXIT_OK) {
        return code;
    }
    if (opts.positional_count == 1) {
        crash_guard_arm(opts.positional[0]);
        /* A public-key instance leaves the ICCS symbols (drng_algorithm, get_random_number, …)
         * to the program: when LIB does not load alone, it is tried beside the support library. */
        if (library_try_open(opts.positional[0]) != 0) {
            (void)pk_support_load(); /* when it cannot be had, the error line below says why LIB fails */
            if ((code = library_open(opts.positional[0], &handle)) != DRV_EXIT_OK) {
                return code;
            }
        }
    }
    if (adapter != NULL) {
        return write_category(&line, adapter, "adapter", opts.positional_count == 1);
    }
    for (i = 0; BUILT_IN_CATEGORIES[i] != NULL; i++) {
        if ((code = write_category(&line, BUILT_IN_CATEGORIES[i], "built-in", opts.positional_count == 1)) != DRV_EXIT_OK) {
            return code;
        }
    }
    return DRV_EXIT_OK;
}
