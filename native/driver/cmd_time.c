/* `ngcc-perf-driver time ...`: one timing trial (PROTOCOL.md, guide §3.4-6). */
#define _GNU_SOURCE
#include "address_layout.h"
#include "address_space.h"
#include "args.h"
#include "buffer_checks.h"
#include "commands.h"
#include "counter.h"
#include "counter_probe.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "guarded_buffer.h"
#include "json_line.h"
#include "library.h"
#include "message_pattern.h"
#include "migration_counter.h"
#include "out.h"
#include "per_call.h"
#include "proc_mem.h"
#include "report.h"
#include "run_delay.h"
#include "cpu_pin.h"
#include "time_options.h"
#include "warm_check.h"
#include "trial_edges.h"

#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

typedef struct {
    time_options opts;
    counter ctr;
    crypt_hash_fn fn;
    guarded_buffer digest;
    guarded_buffer message;          /* a view into message_storage, shifted by --offset */
    guarded_buffer message_storage;
    json_line line;
    uint64_t *stamps;    /* per-call scope: counter readings, else NULL */
    int migrations_fd;   /* perf software event, or -1 */
    int run_delay_fd;    /* /proc/self/schedstat, or -1 */
} time_session;

static time_session session;

/* Keeps the digest observable so the calls cannot be optimised away. */
static volatile unsigned char digest_sink;

static int io_error(const char *sentence, const char *detail)
{
    json_line *j = report_begin("IO");
    jl_str(j, "library", session.opts.library);
    return report_finish(DRV_EXIT_IO, "%s (%s) while timing %s", sentence, detail,
                         session.opts.library);
}

/* Memory for buffers of about `needed_bytes` could not be had. Without an
 * address-space limit: `what (plain)`. Under one, the likely cause, the
 * sentence names it and how to raise it: `what (sizes) ...: advice, or lower`. */
static int no_memory(const char *what, uint64_t needed_bytes, const char *plain, const char *sizes,
                     const char *lower)
{
    int code = address_space_report(session.opts.library, "timing", what, needed_bytes, sizes, lower);
    return code >= 0 ? code : io_error(what, plain);
}

static int choose_counter(void)
{
    return trial_choose_counter("time", session.opts.library, session.opts.has_counter, session.opts.counter,
                                !session.opts.no_rate_probe, &session.ctr);
}

static message_pattern pattern_of_message(void)
{
    return session.opts.message == MESSAGE_RANDOM ? PATTERN_RANDOM : PATTERN_RULE;
}

/* Allocates and fills the buffers. With --offset N the message view starts N
 * bytes past the storage's 64-byte boundary; its leading guard moves with it. */
static int set_up_buffers(void)
{
    size_t n = (size_t)session.opts.message_bytes;
    size_t offset = (size_t)session.opts.offset_bytes;
    size_t digest_bytes = (size_t)session.opts.digest_bits / 8;
    if (gbuf_reserve(&session.message_storage, n + offset) != 0 ||
        gbuf_reserve(&session.digest, digest_bytes) != 0 || jl_reserve(&session.line, 1024) != 0) {
        char sizes[96];
        snprintf(sizes, sizeof sizes, "MESSAGE_BYTES %" PRIu64 ", DIGEST_BITS %d",
                 session.opts.message_bytes, session.opts.digest_bits);
        return no_memory("no memory for the buffers",
                         (uint64_t)n + offset + digest_bytes + 4 * GUARD_BYTES + 1024,
                         "MESSAGE_BYTES or DIGEST_BITS too large", sizes, "lower MESSAGE_BYTES");
    }
    session.message.base = session.message_storage.base + offset;
    session.message.cap_bytes = n;
    memset(session.message.base, GUARD_FILL, GUARD_BYTES);
    gbuf_set_len(&session.message, n);
    gbuf_set_len(&session.digest, digest_bytes);
    pattern_fill(pattern_of_message(), session.opts.message_bytes, gbuf_data(&session.message), n);
    memset(gbuf_data(&session.digest), 0, digest_bytes);
    if (session.opts.scope == SCOPE_PER_CALL) {
        uint64_t entries = per_call_stamp_count(session.opts.iterations);
        session.stamps = malloc((size_t)entries * sizeof *session.stamps);
        if (session.stamps == NULL) {
            return no_memory("no memory for the per-call counter readings",
                             (uint64_t)entries * sizeof *session.stamps, "lower ITERATIONS",
                             "ITERATIONS + 1 readings of 8 bytes", "lower ITERATIONS");
        }
        /* Touch every page now, so no page fault lands in the timed loop. */
        memset(session.stamps, 0, (size_t)entries * sizeof *session.stamps);
    }
    return DRV_EXIT_OK;
}

static int write_meta(uint64_t baseline_rss_bytes)
{
    json_line *j = &session.line;
    jl_begin(j, "meta");
    jl_counter(j, &session.ctr);
    jl_u64(j, "messageBytes", session.opts.message_bytes);
    jl_i64(j, "digestBits", session.opts.digest_bits);
    jl_u64(j, "iterations", session.opts.iterations);
    jl_u64(j, "warmups", session.opts.warmups);
    jl_u64(j, "baselineRssBytes", baseline_rss_bytes);
    jl_cpu(j, "cpu", sched_getcpu());
    jl_str(j, "scope", session.opts.scope == SCOPE_PER_CALL ? "per-call" : "loop");
    jl_str(j, "message", session.opts.message == MESSAGE_RANDOM ? "random" : "rule");
    jl_u64(j, "alignmentOffsetBytes", session.opts.offset_bytes);
    jl_str(j, "addressLayout", address_layout_name());
    /* Flushed now so a caller sees it even if the library hangs. */
    return jl_emit(j) != 0 || out_flush() != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

/* Calls CryptHash `count` times; returns the index of the first failing
 * call (its code in *rc), or `count` when all returned 0. */
static uint64_t run_calls(uint64_t count, int *rc)
{
    const int digest_bits = session.opts.digest_bits;
    const unsigned char *msg = gbuf_data(&session.message);
    const unsigned long long bits = (unsigned long long)session.opts.message_bytes * 8u;
    unsigned char *digest = gbuf_data(&session.digest);
    crypt_hash_fn fn = session.fn;
    uint64_t i = 0;
    int r;
    *rc = 0;
    /* Four calls per round: the loop's own count-and-branch is paid once per
     * four calls (an empty CryptHash costs ~9 % fewer ticks per call here).
     * Each call is still checked on its own, and the compiler barrier after
     * it makes every call's effects count as observed. */
#define NGCC_TIMED_CALL(done_before)                                                               \
    do {                                                                                           \
        r = fn(digest_bits, msg, bits, digest);                                                    \
        if (r != 0) {                                                                              \
            *rc = r;                                                                               \
            digest_sink = digest[0];                                                               \
            return (done_before);                                                                  \
        }                                                                                          \
        __asm__ __volatile__("" : : : "memory");                                                   \
    } while (0)
    for (; count - i >= 4; i += 4) {
        NGCC_TIMED_CALL(i);
        NGCC_TIMED_CALL(i + 1);
        NGCC_TIMED_CALL(i + 2);
        NGCC_TIMED_CALL(i + 3);
    }
    for (; i < count; i++) {
        NGCC_TIMED_CALL(i);
    }
#undef NGCC_TIMED_CALL
    digest_sink = digest[0];
    return i;
}

/* After `wanted` calls of a phase, the first of them call number `first`
 * (counted within the phase):
 * guard check, then the message against its pattern (when any call was
 * made), then CRYPTOFAIL if a call failed: the order of `hash` mode. */
static int after_calls(call_phase phase, uint64_t first, uint64_t done, uint64_t wanted, int rc)
{
    call_context ctx;
    size_t offset = 0;
    int code;
    /* Calls actually made: the done ones, and the one that failed. */
    uint64_t made = done + (done < wanted ? 1u : 0u);
    ctx.library = session.opts.library;
    ctx.phase = phase;
    /* Guards and message are checked once after all the calls, so which call
     * wrote is known only when exactly one was made; else the calls are named
     * as a group (a later call's failure says nothing of who wrote). */
    ctx.has_index = made == 1;
    ctx.index = first;
    ctx.message_bits = session.opts.message_bytes * 8u;
    code = check_guards(&session.digest, &session.message, &ctx);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (made > 0 && !pattern_matches(pattern_of_message(), session.opts.message_bytes,
                                     gbuf_data(&session.message),
                                     (size_t)session.opts.message_bytes, &offset)) {
        return report_message_changed(offset, &ctx);
    }
    if (done < wanted) {
        /* The failing call is known exactly. */
        ctx.has_index = 1;
        ctx.index = first + done;
        return report_cryptofail(rc, session.opts.digest_bits, &ctx);
    }
    return DRV_EXIT_OK;
}

static void read_edge_before(loop_edge *e)
{
    edge_read_before(e, session.migrations_fd, session.run_delay_fd);
}

static void read_edge_after(loop_edge *e)
{
    edge_read_after(e, session.migrations_fd, session.run_delay_fd);
}

/* Order: migrations, rusage, run delay, clock, counter ... counter, clock,
 * run delay, rusage, migrations. */
static int run_timed_loop(loop_edge *before, loop_edge *after, uint64_t *ticks, uint64_t *done,
                          int *rc)
{
    uint64_t ticks_before = 0;
    uint64_t ticks_after = 0;
    read_edge_before(before);
    before->ns = clock_raw_ns();
    if (counter_read(&session.ctr, &ticks_before) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    *done = run_calls(session.opts.iterations, rc);
    if (counter_read(&session.ctr, &ticks_after) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    after->ns = clock_raw_ns();
    read_edge_after(after);
    *ticks = ticks_after - ticks_before;
    return DRV_EXIT_OK;
}

static int run_per_call_loop(loop_edge *before, loop_edge *after, uint64_t *ticks, uint64_t *done,
                             int *rc, uint64_t *overhead_ticks)
{
    hash_call call;
    read_figures reads;
    int read_failed = 0;
    call.fn = session.fn;
    call.digest_bits = session.opts.digest_bits;
    call.message = gbuf_data(&session.message);
    call.message_bits = (unsigned long long)session.opts.message_bytes * 8u;
    call.digest = gbuf_data(&session.digest);
    /* The overhead to subtract, measured now, in this process, on this CPU. */
    if (counter_measure_reads(&session.ctr, session.stamps, PER_CALL_OVERHEAD_PAIRS, &reads) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    *overhead_ticks = reads.overhead_ticks;
    read_edge_before(before);
    before->ns = clock_raw_ns();
    *done = per_call_run(&session.ctr, &call, session.opts.iterations, session.stamps, rc,
                         &read_failed);
    after->ns = clock_raw_ns();
    read_edge_after(after);
    if (read_failed) {
        return io_error("reading the counter failed", strerror(errno));
    }
    *ticks = *done == session.opts.iterations ? session.stamps[*done] - session.stamps[0] : 0;
    return DRV_EXIT_OK;
}

/* --warm-check N: up to N more calls right after the timed loop, one at a
 * time until N are done or WARM_CHECK_NS have passed, timed together (clock
 * and counter) and never part of the trial's figures. The timed loop's calls
 * were their warm-up: a calibration's single cold call is followed by calls
 * that no longer pay for one-time set-up. */
typedef struct {
    uint64_t calls;
    uint64_t ns;
    uint64_t ticks;
} warm_check;

static int run_warm_check(warm_check *w)
{
    warm_check_result r;
    int code;
    /* A crash names the call, counted from 0 within the warm check, as the
     * CRYPTOFAIL and OVERFLOW sentences do. */
    crash_guard_set_index(0);
    crash_guard_set_phase(
        "in CryptHash during the warm check after the timed calls, on warm-check call", 1);
    if (warm_check_loop(&session.ctr, session.opts.warm_check, run_calls, &r) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    crash_guard_set_phase(NULL, 0);
    code = after_calls(PHASE_WARM_CHECK, 0, r.done, r.wanted, r.rc);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    w->calls = r.done;
    w->ns = r.ns;
    w->ticks = r.ticks;
    return DRV_EXIT_OK;
}

static int timed_trial(void)
{
    loop_edge before;
    loop_edge after;
    per_call_figures figures;
    warm_check warm = {0, 0, 0};
    uint64_t ticks = 0;
    uint64_t done = 0;
    uint64_t overhead_ticks = 0;
    int rc = 0;
    int cpu_after;
    int per_call = session.opts.scope == SCOPE_PER_CALL;
    int code;
    json_line *j = &session.line;
    code = per_call ? run_per_call_loop(&before, &after, &ticks, &done, &rc, &overhead_ticks)
                    : run_timed_loop(&before, &after, &ticks, &done, &rc);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    cpu_after = sched_getcpu();
    crash_guard_set_phase(NULL, 0);
    code = after_calls(PHASE_TIMED, 0, done, session.opts.iterations, rc);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (session.opts.warm_check > 0 && warm_check_due(&before, &after)) {
        code = run_warm_check(&warm);
        if (code != DRV_EXIT_OK) {
            return code;
        }
    }
    if (per_call) {
        per_call_summarise(session.stamps, done, overhead_ticks, &figures);
    }
    jl_begin(j, "trial");
    jl_u64(j, "iterations", session.opts.iterations);
    jl_seconds(j, "seconds", after.ns - before.ns);
    jl_u64(j, "nanoseconds", after.ns - before.ns);
    jl_u64(j, "ticks", ticks);
    jl_cpu(j, "cpuAfter", cpu_after);
    jl_edge_figures(j, &before, &after);
    if (per_call) {
        jl_per_call(j, &figures);
    }
    if (warm.calls > 0) {
        jl_object_begin(j, "warmCheck");
        jl_u64(j, "iterations", warm.calls);
        jl_seconds(j, "seconds", warm.ns);
        jl_u64(j, "ticks", warm.ticks);
        jl_object_end(j);
    }
    return jl_emit(j) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

/* The first warm-up call on its own, then the rest, each followed by the
 * checks: a library that changes the message on one call and changes it back
 * on the next is caught when there is at least one warm-up call. */
static int run_warmups(void)
{
    uint64_t first = session.opts.warmups > 0 ? 1 : 0;
    uint64_t rest = session.opts.warmups - first;
    uint64_t done;
    int rc = 0;
    int code;
    crash_guard_set_phase("in CryptHash during the warm-up calls", 0);
    done = run_calls(first, &rc);
    crash_guard_set_phase(NULL, 0);
    code = after_calls(PHASE_WARMUP, 0, done, first, rc);
    if (code != DRV_EXIT_OK || rest == 0) {
        return code;
    }
    crash_guard_set_phase("in CryptHash during the warm-up calls", 0);
    done = run_calls(rest, &rc);
    crash_guard_set_phase(NULL, 0);
    return after_calls(PHASE_WARMUP, first, done, rest, rc);
}

static int run_trial(void)
{
    uint64_t baseline_rss_bytes = 0, peak_rss_bytes = 0;
    int code = set_up_buffers();
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (proc_resident_bytes(&baseline_rss_bytes) != 0) {
        return io_error("reading /proc/self/statm failed", strerror(errno));
    }
    code = write_meta(baseline_rss_bytes);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    code = run_warmups();
    if (code != DRV_EXIT_OK) {
        return code;
    }
    crash_guard_set_phase("in CryptHash during the timed calls", 0);
    code = timed_trial();
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (proc_peak_rss_bytes(&peak_rss_bytes) != 0) {
        return io_error("reading VmHWM from /proc/self/status failed", strerror(errno));
    }
    jl_begin(&session.line, "end");
    jl_u64(&session.line, "peakRssBytes", peak_rss_bytes);
    return jl_emit(&session.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

int cmd_time(int argc, char **argv)
{
    int code = parse_time_options(argc, argv, &session.opts);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    /* Opened before anything else and kept: each reading around the loop is
     * one pread, and nothing the library does later can close the way to it. */
    session.run_delay_fd = run_delay_open();
    /* Pin first, so the library's constructors and all allocations already
     * happen on the measured CPU. */
    if (session.opts.has_cpu) {
        code = pin_to_cpu("time", session.opts.cpu);
        if (code != DRV_EXIT_OK) {
            return code;
        }
    }
    code = choose_counter();
    if (code != DRV_EXIT_OK) {
        return code;
    }
    session.migrations_fd = migrations_open();
    crash_guard_arm(session.opts.library);
    code = library_load(session.opts.library, &session.fn);
    if (code == DRV_EXIT_OK) {
        code = run_trial();
    }
    migrations_close(session.migrations_fd);
    run_delay_close(session.run_delay_fd);
    counter_close(&session.ctr);
    free(session.stamps);
    session.stamps = NULL;
    return code;
}
