#define _POSIX_C_SOURCE 200809L
#include "buffer_checks.h"

#include "exit_codes.h"
#include "report.h"

#include <inttypes.h>
#include <stdio.h>

/* The `phase` field's value and the calls' name in sentences. */
static const char *phase_name(call_phase phase)
{
    switch (phase) {
    case PHASE_WARMUP:
        return "warmup";
    case PHASE_WARM_CHECK:
        return "warm-check";
    case PHASE_MEMORY:
        return "memory";
    case PHASE_COUNT:
        return "count";
    default:
        return "timed";
    }
}

static void add_context(json_line *j, const call_context *ctx)
{
    jl_str(j, "library", ctx->library);
    /* hash mode has no phases; time mode says which calls were running. */
    if (ctx->phase != PHASE_HASH) {
        jl_str(j, "phase", phase_name(ctx->phase));
    }
    if (ctx->has_index) {
        jl_u64(j, "index", ctx->index);
    }
    jl_u64(j, "messageBits", ctx->message_bits);
}

/* "frame 7" / "warm-up call 2" / "warm-check call 1" / "the timed calls", for sentences. */
static void describe_call(const call_context *ctx, char *text, size_t text_bytes)
{
    const char *kind = ctx->phase == PHASE_WARMUP ? "warm-up" : phase_name(ctx->phase);
    if (ctx->phase == PHASE_HASH) {
        snprintf(text, text_bytes, "frame %" PRIu64, ctx->index);
    } else if (ctx->phase == PHASE_MEMORY) {
        snprintf(text, text_bytes, "the memory measurement call");
    } else if (ctx->has_index) {
        snprintf(text, text_bytes, "%s call %" PRIu64, kind, ctx->index);
    } else {
        snprintf(text, text_bytes, "the %s calls", kind);
    }
}

static int report_overflow(const char *buffer_name, guard_state side, size_t offset,
                           const call_context *ctx)
{
    char call[64];
    json_line *j = report_begin("OVERFLOW");
    jl_str(j, "buffer", buffer_name);
    jl_str(j, "side", guard_side_name(side));
    jl_u64(j, "guardOffset", (uint64_t)offset);
    add_context(j, ctx);
    describe_call(ctx, call, sizeof call);
    return report_finish(DRV_EXIT_OVERFLOW,
                         "CryptHash in %s wrote outside the %s buffer (guard byte %zu %s it was "
                         "changed) during %s with %" PRIu64
                         " message bits: the library must write only DIGEST_BITS/8 digest bytes "
                         "and never write the message",
                         ctx->library, buffer_name, offset, guard_side_name(side), call,
                         ctx->message_bits);
}

int check_guards(const guarded_buffer *digest, const guarded_buffer *message,
                 const call_context *ctx)
{
    size_t offset = 0;
    guard_state state = gbuf_check(digest, &offset);
    if (state != GUARD_INTACT) {
        return report_overflow("digest", state, offset, ctx);
    }
    state = gbuf_check(message, &offset);
    if (state != GUARD_INTACT) {
        return report_overflow("message", state, offset, ctx);
    }
    return DRV_EXIT_OK;
}

int report_message_changed(size_t offset, const call_context *ctx)
{
    char call[64];
    char where[48] = "";
    json_line *j = report_begin("OVERFLOW");
    jl_str(j, "buffer", "message-content");
    if (offset != SIZE_MAX) {
        jl_u64(j, "offset", (uint64_t)offset);
        snprintf(where, sizeof where, " (byte %zu first)", offset);
    }
    add_context(j, ctx);
    describe_call(ctx, call, sizeof call);
    return report_finish(DRV_EXIT_OVERFLOW,
                         "CryptHash in %s changed the message it was given%s during %s with %" PRIu64
                         " message bits: the message is const input and must not be written",
                         ctx->library, where, call, ctx->message_bits);
}

int report_cryptofail(int return_code, int digest_bits, const call_context *ctx)
{
    char call[64];
    json_line *j = report_begin("CRYPTOFAIL");
    jl_i64(j, "returnCode", return_code);
    jl_i64(j, "digestBits", digest_bits);
    add_context(j, ctx);
    describe_call(ctx, call, sizeof call);
    return report_finish(DRV_EXIT_CRYPTOFAIL,
                         "CryptHash in %s returned %d (not 0) during %s with %" PRIu64
                         " message bits and %d digest bits: the library rejected the input; fix it "
                         "or ask for a digest length it supports",
                         ctx->library, return_code, call, ctx->message_bits, digest_bits);
}
