/* `ngcc-perf-driver count LIB DIGEST_BITS MESSAGE_BYTES [--source pmu|valgrind]
 * [--calls N] [--warmups N]` (PROTOCOL.md, `count`): the instructions one
 * CryptHash call executes, counted exactly.
 *
 * Order: open the source → dlopen → buffers (message by the guide's rule,
 * guards) → `count-meta` → N counted calls of an empty function made the same
 * way (the harness: what the driver's own instructions around a call cost) →
 * the uncounted warm-ups → N counted library calls, each checked (guards,
 * message, return code) → `count` → `end`. Under valgrind each counted call
 * is one callgrind dump part, named "ngcc-count harness I" or "ngcc-count
 * library I", whose figure the driver reads back (instruction_counter.h). */
#define _GNU_SOURCE
#include "buffer_checks.h"
#include "commands.h"
#include "count_options.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "guarded_buffer.h"
#include "instruction_counter.h"
#include "json_line.h"
#include "library.h"
#include "message_pattern.h"
#include "report.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    count_options opts;
    crypt_hash_fn fn;
    instr_counter counter;
    guarded_buffer digest;
    guarded_buffer message;
    json_line line;
    uint64_t harness[COUNT_MAX_CALLS];
    uint64_t library[COUNT_MAX_CALLS];
} count_session;

static count_session session;

/* Stands in for CryptHash in the harness calls; called through a volatile
 * pointer so that the compiler cannot see through it. */
static int empty_call(int digest_bits, const unsigned char *msg, unsigned long long msg_bits, unsigned char *digest)
{
    (void)digest_bits;
    (void)msg;
    (void)msg_bits;
    (void)digest;
    return 0;
}

static crypt_hash_fn volatile empty_target = empty_call;

static int io_error(const char *sentence)
{
    json_line *j = report_begin("IO");
    jl_str(j, "library", session.opts.library);
    return report_finish(DRV_EXIT_IO, "%s while counting the instructions of %s", sentence, session.opts.library);
}

static int source_unavailable(const char *why)
{
    json_line *j = report_begin("USAGE");
    jl_str(j, "subcommand", "count");
    jl_str(j, "source", instr_source_name(session.opts.source));
    jl_str(j, "reason", why);
    return report_finish(DRV_EXIT_USAGE, "count: the instruction source %s is not available: %s",
                         instr_source_name(session.opts.source), why);
}

static int set_up(void)
{
    size_t n = (size_t)session.opts.message_bytes;
    size_t digest_bytes = (size_t)session.opts.digest_bits / 8;
    if (gbuf_reserve(&session.message, n) != 0 || gbuf_reserve(&session.digest, digest_bytes) != 0 ||
        jl_reserve(&session.line, 16384) != 0) {
        return io_error("no memory for the message and digest buffers");
    }
    gbuf_set_len(&session.message, n);
    gbuf_set_len(&session.digest, digest_bytes);
    pattern_fill(PATTERN_RULE, session.opts.message_bytes, gbuf_data(&session.message), n);
    return DRV_EXIT_OK;
}

/* Guards, then the message, then the return code (as in `time`). */
static int check_call(int rc, call_phase phase, uint64_t index)
{
    call_context ctx;
    size_t offset = 0;
    int code;
    ctx.library = session.opts.library;
    ctx.phase = phase;
    ctx.has_index = 1;
    ctx.index = index;
    ctx.message_bits = session.opts.message_bytes * 8u;
    if ((code = check_guards(&session.digest, &session.message, &ctx)) != DRV_EXIT_OK) {
        return code;
    }
    if (!pattern_matches(PATTERN_RULE, session.opts.message_bytes, gbuf_data(&session.message),
                         (size_t)session.opts.message_bytes, &offset)) {
        return report_message_changed(offset, &ctx);
    }
    return rc != 0 ? report_cryptofail(rc, session.opts.digest_bits, &ctx) : DRV_EXIT_OK;
}

/* One call of `fn` with the counting on; *value is the PMU figure (0 under valgrind). */
static int counted_call(crypt_hash_fn fn, const char *what, uint64_t index, uint64_t *value, int *rc)
{
    char label[64];
    int read_failed = 0;
    snprintf(label, sizeof label, "ngcc-count %s %" PRIu64, what, index);
    memset(gbuf_data(&session.digest), 0, (size_t)session.opts.digest_bits / 8);
    *rc = instr_counter_call(&session.counter, fn, session.opts.digest_bits, gbuf_data(&session.message),
                             (unsigned long long)session.opts.message_bytes * 8u, gbuf_data(&session.digest), label,
                             value, &read_failed);
    return read_failed ? io_error(session.opts.source == INSTR_SOURCE_PMU
                                      ? "reading the PMU instruction counter failed"
                                      : "reading callgrind's count back from its dump failed")
                       : DRV_EXIT_OK;
}

static void emit_counts(json_line *j, const char *key, const uint64_t *values)
{
    uint64_t i;
    jl_array_begin(j, key);
    for (i = 0; i < session.opts.calls; i++) {
        jl_elem_u64(j, values[i]);
    }
    jl_array_end(j);
}

static int emit_meta(void)
{
    json_line *j = &session.line;
    jl_begin(j, "count-meta");
    jl_str(j, "source", instr_source_name(session.opts.source));
    jl_u64(j, "messageBytes", session.opts.message_bytes);
    jl_u64(j, "digestBits", (uint64_t)session.opts.digest_bits);
    jl_u64(j, "calls", session.opts.calls);
    jl_u64(j, "warmups", session.opts.warmups);
    return jl_emit(j) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int count_all(void)
{
    uint64_t i;
    int rc = 0;
    int code = emit_meta();
    for (i = 0; code == DRV_EXIT_OK && i < session.opts.calls; i++) {
        code = counted_call(empty_target, "harness", i, &session.harness[i], &rc);
    }
    crash_guard_set_phase("in CryptHash on warm-up call", 1);
    for (i = 0; code == DRV_EXIT_OK && i < session.opts.warmups; i++) {
        crash_guard_set_index(i);
        rc = session.fn(session.opts.digest_bits, gbuf_data(&session.message),
                        (unsigned long long)session.opts.message_bytes * 8u, gbuf_data(&session.digest));
        code = check_call(rc, PHASE_WARMUP, i);
    }
    crash_guard_set_phase("in CryptHash on counted call", 1);
    for (i = 0; code == DRV_EXIT_OK && i < session.opts.calls; i++) {
        crash_guard_set_index(i);
        code = counted_call(session.fn, "library", i, &session.library[i], &rc);
        if (code == DRV_EXIT_OK) {
            code = check_call(rc, PHASE_COUNT, i);
        }
    }
    crash_guard_set_phase(NULL, 0);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    jl_begin(&session.line, "count");
    jl_str(&session.line, "source", instr_source_name(session.opts.source));
    emit_counts(&session.line, "harnessInstructions", session.harness);
    emit_counts(&session.line, "libraryInstructions", session.library);
    if (jl_emit(&session.line) != 0) {
        return report_stdout_failure();
    }
    jl_begin(&session.line, "end");
    return jl_emit(&session.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

int cmd_count(int argc, char **argv)
{
    char why[512];
    int code = parse_count_options(argc, argv, &session.opts);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (instr_counter_open(&session.counter, session.opts.source, why, sizeof why) != 0) {
        return source_unavailable(why);
    }
    crash_guard_arm(session.opts.library);
    code = library_load(session.opts.library, &session.fn);
    if (code == DRV_EXIT_OK) {
        code = set_up();
    }
    if (code == DRV_EXIT_OK) {
        code = count_all();
    }
    instr_counter_close(&session.counter);
    return code;
}
