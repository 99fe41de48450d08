#define _POSIX_C_SOURCE 200809L
#include "op_problem.h"

#include "exit_codes.h"
#include "report.h"

#include <string.h>

static void put_context(json_line *j, const op_context *ctx)
{
    jl_str(j, "library", ctx->library);
    jl_str(j, "category", ctx->category);
    jl_str(j, "operation", ctx->operation);
    jl_str(j, "phase", ctx->phase);
    if (ctx->has_index) {
        jl_u64(j, "index", ctx->index);
    }
}

int report_op_problem(int status, const ngcc_op_problem *problem, const op_context *ctx)
{
    json_line *j;
    switch (status) {
    case NGCC_OP_FAILED:
        j = report_begin("CRYPTOFAIL");
        put_context(j, ctx);
        jl_i64(j, "returnCode", problem->return_code);
        return report_finish(DRV_EXIT_CRYPTOFAIL, "%s %s of %s returned %d (%s, phase %s): %s", ctx->category,
                             ctx->operation, ctx->library, problem->return_code, ctx->subcommand, ctx->phase,
                             problem->sentence[0] != '\0' ? problem->sentence : "the library reports an error");
    case NGCC_OP_OVERFLOW:
        j = report_begin("OVERFLOW");
        put_context(j, ctx);
        jl_str(j, "buffer", problem->buffer);
        return report_finish(DRV_EXIT_OVERFLOW, "%s %s of %s: %s (phase %s)", ctx->category, ctx->operation,
                             ctx->library, problem->sentence, ctx->phase);
    case NGCC_OP_WRONG:
        j = report_begin("CHECKFAIL");
        put_context(j, ctx);
        return report_finish(DRV_EXIT_CHECKFAIL, "%s %s of %s: %s (phase %s)", ctx->category, ctx->operation,
                             ctx->library, problem->sentence, ctx->phase);
    case NGCC_OP_NO_MEMORY:
        j = report_begin("IO");
        jl_str(j, "library", ctx->library);
        return report_finish(DRV_EXIT_IO, "%s while preparing %s %s of %s", problem->sentence, ctx->category,
                             ctx->operation, ctx->library);
    case NGCC_OP_SETUP:
        if (strcmp(problem->buffer, "symbol") == 0) {
            j = report_begin("LOADFAIL");
            jl_str(j, "library", ctx->library);
            jl_str(j, "stage", "dlsym");
            jl_str(j, "dlerror", problem->sentence);
            jl_str(j, "category", ctx->category);
            return report_finish(DRV_EXIT_LOADFAIL, "%s is no %s library: %s (check with nm -D)", ctx->library,
                                 ctx->category, problem->sentence);
        }
        j = report_begin("USAGE");
        jl_str(j, "subcommand", ctx->subcommand);
        return report_finish(DRV_EXIT_USAGE, "%s: %s %s: %s", ctx->subcommand, ctx->category, ctx->operation,
                             problem->sentence);
    default:
        j = report_begin("USAGE");
        jl_str(j, "subcommand", ctx->subcommand);
        return report_finish(DRV_EXIT_USAGE, "%s: %s %s returned the unknown status %d (ngcc_category.h)",
                             ctx->subcommand, ctx->category, ctx->operation, status);
    }
}
