/* `ngcc-perf-driver op-memory LIB CATEGORY OPERATION [--param NAME=VALUE]... [--adapter PATH]`:
 * the memory one call of any category's operation uses — stack depth, heap and mmap peaks,
 * resident growth — with the machinery of `memory` (PROTOCOL.md, `memory`, "Categories"): the
 * category's prepare first (set-up objects: key pair, ciphertext, signature, exchange; outside
 * the measurement), then the painted stack, the allocator and mmap tables, one dry run with an
 * empty call (stackOverheadBytes), the measured call on the painted stack, the category's check,
 * and the `memory` line with `category` and `operation` in place of the hash's message and
 * digest lengths. */
#define _GNU_SOURCE
#include "args.h"
#include "category_table.h"
#include "commands.h"
#include "cpu_pin.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "heap_tracker.h"
#include "json_line.h"
#include "memory_report.h"
#include "mmap_tracker.h"
#include "op_options.h"
#include "op_peak.h"
#include "op_problem.h"
#include "painted_stack.h"
#include "proc_mem.h"
#include "report.h"
#include "thread_stacks.h"

#include <errno.h>
#include <string.h>

static const op_positionals OP_MEMORY_POSITIONALS = {3, 3, "LIB CATEGORY OPERATION"};

static struct {
    op_options opts;
    const ngcc_category *category;
    const ngcc_operation *op;
    const char *values[OP_MAX_PARAMETERS + 1];
    void *state;
    painted_stack stack;
    json_line line;
} m;

/* The call the trampoline makes: set before each pass, so that it needs one indirect call. */
static int (*call_target)(void *);
static volatile int call_result;

static void call_on_measurement_stack(void)
{
    call_result = call_target(m.state);
}

static int empty_call(void *state)
{
    (void)state;
    return 0;
}

static int io_error(const char *sentence, const char *detail)
{
    json_line *j = report_begin("IO");
    jl_str(j, "library", m.opts.positional[0]);
    return report_finish(DRV_EXIT_IO, "%s (%s) while measuring the memory of %s", sentence, detail,
                         m.opts.positional[0]);
}

static int problem(int status, const ngcc_op_problem *p, const char *phase)
{
    op_context ctx = {"op-memory", m.opts.positional[0], m.category->name, m.op->name, phase, 0, 0};
    return report_op_problem(status, p, &ctx);
}

/* One pass: peak reset, heap tracking, `target` on the painted stack, figures read, repaint. */
static int measure_call(int (*target)(void *), const char *crash_phase, memory_result *r)
{
    op_peak_mark mark;
    int run_status;
    int saved_errno;
    call_target = target;
    call_result = 0;
    if (op_peak_begin(&mark) != 0) {
        return io_error("reading /proc/self/statm failed", strerror(errno));
    }
    crash_guard_set_phase(crash_phase, 0);
    heap_tracker_start();
    thread_stacks_arm();
    run_status = pstack_run(&m.stack, call_on_measurement_stack);
    saved_errno = errno;
    heap_tracker_stop(&r->heap);
    crash_guard_set_phase(NULL, 0);
    if (run_status != 0) {
        thread_stacks_disarm(&r->threads);
        return io_error("switching to the measurement stack failed", strerror(saved_errno));
    }
    if (op_peak_end(&mark, &r->peak_rss_bytes, &r->operation_peak_bytes) != 0) {
        thread_stacks_disarm(&r->threads);
        return io_error("reading VmHWM from /proc/self/status failed", strerror(errno));
    }
    thread_stacks_disarm(&r->threads);
    r->clear_refs_supported = mark.supported;
    r->clear_refs_reason = mark.reason;
    r->stack_high_water_bytes = pstack_depth_bytes(&m.stack);
    pstack_repaint(&m.stack);
    return DRV_EXIT_OK;
}

static int measure(void)
{
    static memory_result dry;
    static memory_result real;
    uint64_t baseline = 0;
    uint64_t set_up_peak = 0;
    ngcc_op_problem p;
    int status;
    int code;
    memset(&p, 0, sizeof p);
    crash_guard_set_phase("in the operation's set-up (prepare)", 0);
    status = m.op->prepare(category_host(m.opts.positional[0]), m.values, &m.state, &p);
    crash_guard_set_phase(NULL, 0);
    if (status != NGCC_OP_OK) {
        return problem(status, &p, "prepare");
    }
    heap_tracker_prepare();
    (void)thread_stacks_calibrate();
    if (jl_reserve(&m.line, 4096) != 0 || op_peak_prepare() != 0 || pstack_create(&m.stack, PSTACK_DEFAULT_BYTES) != 0) {
        return io_error("no memory for the measurement stack or /proc/self/statm unreadable", strerror(errno));
    }
    if (proc_resident_bytes(&baseline) != 0 || proc_peak_rss_bytes(&set_up_peak) != 0) {
        return io_error("reading /proc/self/statm or /proc/self/status failed", strerror(errno));
    }
    if ((code = measure_call(empty_call, NULL, &dry)) != DRV_EXIT_OK ||
        (code = measure_call(m.op->call, "in the operation during the memory measurement call (on the driver's "
                                         "measurement stack)", &real)) != DRV_EXIT_OK) {
        return code;
    }
    status = m.op->check(m.state, &p);
    if (status != NGCC_OP_OK) {
        return problem(status, &p, "memory");
    }
    if (call_result != 0) {
        p.return_code = call_result;
        return problem(NGCC_OP_FAILED, &p, "memory");
    }
    real.category = m.category->name;
    real.operation = m.op->name;
    real.baseline_rss_bytes = baseline;
    real.stack_overhead_bytes = dry.stack_high_water_bytes;
    real.stack_bytes_provided = m.stack.stack_bytes;
    real.heap_available = heap_tracker_available();
    real.mmap_available = mmap_tracker_available();
    real.peak_rss_bytes = set_up_peak > real.peak_rss_bytes ? set_up_peak : real.peak_rss_bytes;
    if (emit_memory_line(&m.line, &real) != 0) {
        return report_stdout_failure();
    }
    jl_begin(&m.line, "end");
    return jl_emit(&m.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

int cmd_op_memory(int argc, char **argv)
{
    int code = parse_op_options("op-memory", argc, argv, &OP_MEMORY_POSITIONALS, 1, &m.opts);
    if (code == DRV_EXIT_OK &&
        (m.opts.has_counter || m.opts.warm_check > 0 || m.opts.timeout_seconds > 0 || m.opts.progress)) {
        return usage_error("op-memory", "op-memory takes --cpu N and no other timing option");
    }
    if (code == DRV_EXIT_OK && m.opts.has_cpu) {
        code = pin_to_cpu("op-memory", m.opts.cpu);
    }
    if (code == DRV_EXIT_OK) {
        code = category_find("op-memory", m.opts.positional[1], m.opts.adapter, &m.category);
    }
    if (code == DRV_EXIT_OK && (m.op = category_operation(m.category, m.opts.positional[2])) == NULL) {
        return usage_error_got("op-memory", "OPERATION must be an operation of the category (see `categories`)",
                               m.opts.positional[2]);
    }
    if (code == DRV_EXIT_OK) {
        code = op_parameter_values("op-memory", m.op, &m.opts, m.values);
    }
    if (code == DRV_EXIT_OK) {
        crash_guard_arm(m.opts.positional[0]);
        code = category_open_library(m.category, m.opts.positional[0]);
    }
    if (code == DRV_EXIT_OK) {
        code = measure();
    }
    if (m.op != NULL && m.state != NULL) {
        m.op->release(m.state);
    }
    return code;
}
