/* `ngcc-perf-driver memory LIB DIGEST_BITS MESSAGE_BYTES`: the memory that
 * one CryptHash call uses — stack depth, heap and mmap peaks, resident growth
 * (PROTOCOL.md, `memory`).
 *
 * Order: pin (--cpu) → dlopen → buffers, allocator tables, painted stack →
 * baseline RSS and set-up VmHWM → one dry run of the whole measurement with
 * an empty function (warms the driver's own code paths and gives
 * stackOverheadBytes) → the measured library call → guard check → message
 * compared with its rule → lines. */
#define _GNU_SOURCE
#include "address_space.h"
#include "buffer_checks.h"
#include "commands.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "guarded_buffer.h"
#include "heap_tracker.h"
#include "json_line.h"
#include "library.h"
#include "memory_options.h"
#include "memory_report.h"
#include "message_pattern.h"
#include "mmap_tracker.h"
#include "op_peak.h"
#include "out.h"
#include "painted_stack.h"
#include "proc_mem.h"
#include "report.h"
#include "thread_stacks.h"
#include "cpu_pin.h"

#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    memory_options opts;
    crypt_hash_fn fn;
    guarded_buffer digest;
    guarded_buffer message;
    painted_stack stack;
    json_line line;
} memory_session;

/* One pass of the measurement around one call. */
typedef struct {
    uint64_t stack_bytes;
    heap_figures heap;
    op_peak_mark mark;
    uint64_t peak_rss_bytes;
    uint64_t growth_bytes;
    thread_stack_figures threads;
} call_figures;

static memory_session session;

/* The crash guard's phase for the measured call (a stack overflow ends here too). */
#define CRASH_PHASE                                                                                \
    "in CryptHash during the memory measurement call (on the driver's measurement stack: a call " \
    "deeper than --stack-bytes also ends here)"

/* The call the trampoline makes, prepared beforehand so that the trampoline
 * itself needs no more stack than one indirect call. */
static crypt_hash_fn call_target;
static int call_digest_bits;
static const unsigned char *call_message;
static unsigned long long call_message_bits;
static unsigned char *call_digest;
static volatile int call_result;

static void call_on_measurement_stack(void)
{
    call_result = call_target(call_digest_bits, call_message, call_message_bits, call_digest);
}

/* Stands in for CryptHash in the dry run. */
static int empty_call(int digest_bits, const unsigned char *msg, unsigned long long msg_bits,
                      unsigned char *digest)
{
    (void)digest_bits;
    (void)msg;
    (void)msg_bits;
    (void)digest;
    return 0;
}

static int io_error(const char *sentence, const char *detail)
{
    json_line *j = report_begin("IO");
    jl_str(j, "library", session.opts.library);
    return report_finish(DRV_EXIT_IO, "%s (%s) while measuring the memory of %s", sentence, detail,
                         session.opts.library);
}

/* Memory for about `needed_bytes` could not be had. Without an address-space
 * limit: `what (plain)`. Under one, the likely cause, the sentence names it
 * and how to raise it: `what (sizes) ...: advice, or lower`. */
static int no_memory(const char *what, uint64_t needed_bytes, const char *plain, const char *sizes,
                     const char *lower)
{
    int code = address_space_report(session.opts.library, "measuring the memory of", what, needed_bytes,
                                    sizes, lower);
    return code >= 0 ? code : io_error(what, plain);
}

/* Message byte i = (i*131 + L) mod 256, as in `time`; then the allocator
 * tables and the painted stack, so that all of it is in the baseline. */
static int set_up(void)
{
    size_t n = (size_t)session.opts.message_bytes;
    size_t digest_bytes = (size_t)session.opts.digest_bits / 8;
    unsigned char *msg;
    if (gbuf_reserve(&session.message, n) != 0 || gbuf_reserve(&session.digest, digest_bytes) != 0 ||
        jl_reserve(&session.line, 4096) != 0) {
        char sizes[96];
        snprintf(sizes, sizeof sizes, "MESSAGE_BYTES %" PRIu64 ", DIGEST_BITS %d",
                 session.opts.message_bytes, session.opts.digest_bits);
        return no_memory("no memory for the buffers", (uint64_t)n + digest_bytes + 4 * GUARD_BYTES + 4096,
                         "MESSAGE_BYTES or DIGEST_BITS too large", sizes, "lower MESSAGE_BYTES");
    }
    gbuf_set_len(&session.message, n);
    gbuf_set_len(&session.digest, digest_bytes);
    msg = gbuf_data(&session.message);
    pattern_fill(PATTERN_RULE, session.opts.message_bytes, msg, n);
    memset(gbuf_data(&session.digest), 0, digest_bytes);
    heap_tracker_prepare();
    /* A failed calibration leaves worker stacks unmeasured (workerStackOverheadBytes null). */
    (void)thread_stacks_calibrate();
    if (op_peak_prepare() != 0) {
        return io_error("opening /proc/self/statm failed", strerror(errno));
    }
    if (pstack_create(&session.stack, (size_t)session.opts.stack_bytes) != 0) {
        char sizes[64];
        if (errno != ENOMEM) {
            return io_error("no memory for the measurement stack", strerror(errno));
        }
        snprintf(sizes, sizeof sizes, "--stack-bytes %" PRIu64, session.opts.stack_bytes);
        return no_memory("no memory for the measurement stack",
                         session.opts.stack_bytes + PSTACK_GUARD_BYTES, strerror(ENOMEM), sizes,
                         "lower --stack-bytes");
    }
    call_digest_bits = session.opts.digest_bits;
    call_message = msg;
    call_message_bits = (unsigned long long)session.opts.message_bytes * 8u;
    call_digest = gbuf_data(&session.digest);
    return DRV_EXIT_OK;
}

/* Reset the peak, track the heap, run `target` on the painted stack, read
 * everything back and repaint. */
static int measure_call(crypt_hash_fn target, const char *crash_phase, call_figures *f)
{
    int run_status;
    int saved_errno;
    call_target = target;
    call_result = 0;
    if (op_peak_begin(&f->mark) != 0) {
        return io_error("reading /proc/self/statm failed", strerror(errno));
    }
    crash_guard_set_phase(crash_phase, 0);
    heap_tracker_start();
    thread_stacks_arm();
    run_status = pstack_run(&session.stack, call_on_measurement_stack);
    saved_errno = errno;
    heap_tracker_stop(&f->heap);
    crash_guard_set_phase(NULL, 0);
    if (run_status != 0) {
        thread_stacks_disarm(&f->threads);
        return io_error("switching to the measurement stack failed", strerror(saved_errno));
    }
    if (op_peak_end(&f->mark, &f->peak_rss_bytes, &f->growth_bytes) != 0) {
        thread_stacks_disarm(&f->threads);
        return io_error("reading VmHWM from /proc/self/status failed", strerror(errno));
    }
    /* After the resident figures: reading the untouched pages of a worker's stack maps zero pages. */
    thread_stacks_disarm(&f->threads);
    f->stack_bytes = pstack_depth_bytes(&session.stack);
    pstack_repaint(&session.stack);
    return DRV_EXIT_OK;
}

static int check_call(void)
{
    size_t offset = 0;
    guard_state state = gbuf_check(&session.digest, &offset);
    const char *buffer_name = "digest";
    uint64_t message_bits = session.opts.message_bytes * 8u;
    if (state == GUARD_INTACT) {
        state = gbuf_check(&session.message, &offset);
        buffer_name = "message";
    }
    if (state != GUARD_INTACT) {
        return report_memory_overflow(session.opts.library, buffer_name, state, offset,
                                      message_bits);
    }
    /* The message is compared with its rule again (no copy: it would be in every RSS figure). */
    if (!pattern_matches(PATTERN_RULE, session.opts.message_bytes, gbuf_data(&session.message),
                         (size_t)session.opts.message_bytes, &offset)) {
        call_context ctx;
        ctx.library = session.opts.library;
        ctx.phase = PHASE_MEMORY;
        ctx.has_index = 0;
        ctx.index = 0;
        ctx.message_bits = message_bits;
        return report_message_changed(offset, &ctx);
    }
    if (call_result != 0) {
        return report_memory_cryptofail(session.opts.library, call_result,
                                        session.opts.digest_bits, message_bits);
    }
    return DRV_EXIT_OK;
}

static int measure(void)
{
    static call_figures dry;
    static call_figures real;
    memory_result r;
    uint64_t set_up_peak_bytes = 0;
    int code = set_up();
    memset(&r, 0, sizeof r);
    if (code == DRV_EXIT_OK && (proc_resident_bytes(&r.baseline_rss_bytes) != 0 ||
                                proc_peak_rss_bytes(&set_up_peak_bytes) != 0)) {
        code = io_error("reading /proc/self/statm or /proc/self/status failed", strerror(errno));
    }
    if (code == DRV_EXIT_OK) {
        code = measure_call(empty_call, NULL, &dry);
    }
    if (code == DRV_EXIT_OK) {
        code = measure_call(session.fn, CRASH_PHASE, &real);
    }
    if (code == DRV_EXIT_OK) {
        code = check_call();
    }
    if (code != DRV_EXIT_OK) {
        return code;
    }
    r.message_bytes = session.opts.message_bytes;
    r.digest_bits = session.opts.digest_bits;
    r.stack_high_water_bytes = real.stack_bytes;
    r.stack_overhead_bytes = dry.stack_bytes;
    r.stack_bytes_provided = session.stack.stack_bytes;
    r.heap_available = heap_tracker_available();
    r.mmap_available = mmap_tracker_available();
    r.heap = real.heap;
    r.threads = real.threads;
    r.clear_refs_supported = real.mark.supported;
    r.clear_refs_reason = real.mark.reason;
    r.operation_peak_bytes = real.growth_bytes;
    /* The resets lowered VmHWM: the process peak is the larger of set-up and call. */
    r.peak_rss_bytes =
        set_up_peak_bytes > real.peak_rss_bytes ? set_up_peak_bytes : real.peak_rss_bytes;
    if (emit_memory_line(&session.line, &r) != 0) {
        return report_stdout_failure();
    }
    jl_begin(&session.line, "end");
    return jl_emit(&session.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

int cmd_memory(int argc, char **argv)
{
    int code = parse_memory_options(argc, argv, &session.opts);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (session.opts.has_cpu) {
        code = pin_to_cpu("memory", session.opts.cpu);
        if (code != DRV_EXIT_OK) {
            return code;
        }
    }
    crash_guard_arm(session.opts.library);
    code = library_load(session.opts.library, &session.fn);
    if (code == DRV_EXIT_OK) {
        code = measure();
    }
    return code;
}
