/* `ngcc-perf-driver op-kat LIB CATEGORY KIND [--adapter PATH]`: the records of one KAT file of
 * any category, produced by the category's table (ngcc_category.h `kat`) inside the driver and
 * written as one `op-kat-record` line each, then `op-kat-end` (PROTOCOL.md "Categories"). The
 * file's text is formatted from these lines by the category's TS module. */
#define _POSIX_C_SOURCE 200809L
#include "category_table.h"
#include "commands.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "json_line.h"
#include "library.h"
#include "op_options.h"
#include "op_problem.h"
#include "out.h"
#include "report.h"
#include "args.h"

#include <string.h>

typedef struct {
    json_line line;
    uint64_t index;
    int open;
    int failed;
} kat_lines;

static void open_record(kat_lines *k)
{
    if (!k->open) {
        jl_begin(&k->line, "op-kat-record");
        jl_u64(&k->line, "index", k->index);
        jl_array_begin(&k->line, "fields");
        k->open = 1;
    }
}

static const op_positionals OP_KAT_POSITIONALS = {3, 3, "LIB CATEGORY KIND"};

static int on_field(void *context, const char *name, const char *value)
{
    kat_lines *k = context;
    open_record(k);
    jl_elem_object_begin(&k->line);
    jl_str(&k->line, "name", name);
    jl_str(&k->line, "value", value);
    jl_object_end(&k->line);
    return 0;
}

static int on_end_record(void *context)
{
    kat_lines *k = context;
    open_record(k);
    jl_array_end(&k->line);
    k->open = 0;
    if (jl_emit(&k->line) != 0 || out_flush() != 0) {
        k->failed = 1;
        return 1;
    }
    k->index++;
    crash_guard_set_index(k->index);
    return 0;
}

static int is_kind(const ngcc_category *c, const char *kind)
{
    int i;
    for (i = 0; c->kat_kinds != NULL && c->kat_kinds[i] != NULL; i++) {
        if (strcmp(c->kat_kinds[i], kind) == 0) {
            return 1;
        }
    }
    return 0;
}

int cmd_op_kat(int argc, char **argv)
{
    static kat_lines lines;
    op_options opts;
    const ngcc_category *category = NULL;
    ngcc_kat_sink sink = {&lines, on_field, on_end_record};
    ngcc_op_problem problem;
    void *handle = NULL;
    int status;
    int code = parse_op_options("op-kat", argc, argv, &OP_KAT_POSITIONALS, 0, &opts);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if ((code = category_find("op-kat", opts.positional[1], opts.adapter, &category)) != DRV_EXIT_OK) {
        return code;
    }
    if (category->kat == NULL || !is_kind(category, opts.positional[2])) {
        return usage_error_got("op-kat", "KIND must be one of the KAT kinds of the category (see `categories`)",
                               opts.positional[2]);
    }
    crash_guard_arm(opts.positional[0]);
    if ((code = library_open(opts.positional[0], &handle)) != DRV_EXIT_OK) {
        return code;
    }
    if (jl_reserve(&lines.line, 4096) != 0) {
        return usage_error("op-kat", "no memory for the output line");
    }
    memset(&problem, 0, sizeof problem);
    crash_guard_set_phase("in the KAT generation of the category, on record", 1);
    crash_guard_set_index(0);
    status = category->kat(category_host(opts.positional[0]), opts.positional[2], &sink, &problem);
    crash_guard_set_phase(NULL, 0);
    if (lines.failed) {
        return report_stdout_failure();
    }
    if (status != NGCC_OP_OK) {
        op_context ctx = {"op-kat", opts.positional[0], category->name, opts.positional[2], "kat", 1, lines.index};
        return report_op_problem(status, &problem, &ctx);
    }
    jl_begin(&lines.line, "op-kat-end");
    jl_str(&lines.line, "category", category->name);
    jl_str(&lines.line, "kind", opts.positional[2]);
    jl_u64(&lines.line, "records", lines.index);
    return jl_emit(&lines.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}
