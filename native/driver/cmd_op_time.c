/* `ngcc-perf-driver op-time LIB CATEGORY OPERATION ITERATIONS WARMUPS [--param NAME=VALUE]...
 * [--adapter PATH] [--counter NAME [--no-rate-probe]] [--cpu N] [--warm-check N] [--timeout S] [--progress]`:
 * one timing trial of one
 * operation of any category (PROTOCOL.md "Categories"). The category's table
 * (ngcc_category.h) prepares, calls and checks; this file only times, as `time` does: warm-up
 * calls (the first alone), then migrations, rusage, run delay, clock, counter, the calls, and the
 * same in reverse, then the warm check when asked; `meta`, `trial` and `end` lines (with `retries`,
 * the failed attempts a public-key category's calls retried). --timeout ends a run that takes too
 * long with a TIMEOUT line; after the first call an estimate goes to stderr (op_timeout.h). */
#define _GNU_SOURCE
#include "args.h"
#include "category_table.h"
#include "commands.h"
#include "cpu_pin.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "json_line.h"
#include "library.h"
#include "migration_counter.h"
#include "op_options.h"
#include "op_problem.h"
#include "op_timeout.h"
#include "out.h"
#include "proc_mem.h"
#include "report.h"
#include "run_delay.h"
#include "time_options.h"
#include "trial_edges.h"
#include "warm_check.h"

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    op_options opts;
    const char *library;
    const ngcc_category *category;
    const ngcc_operation *op;
    const char *values[OP_MAX_PARAMETERS + 1];
    void *state;
    uint64_t iterations;
    uint64_t warmups;
    counter ctr;
    json_line line;
    int migrations_fd;
    int run_delay_fd;
    int counter_ready;
} op_session;

static op_session s;
static const op_positionals OP_TIME_POSITIONALS = {5, 5, "LIB CATEGORY OPERATION ITERATIONS WARMUPS"};

static int io_error(const char *sentence, const char *detail)
{
    json_line *j = report_begin("IO");
    jl_str(j, "library", s.library);
    return report_finish(DRV_EXIT_IO, "%s (%s) while timing %s", sentence, detail, s.library);
}

static int problem(int status, const ngcc_op_problem *p, const char *phase, int has_index, uint64_t index)
{
    op_context ctx = {"op-time", s.library, s.category->name, s.op->name, phase, has_index, index};
    return report_op_problem(status, p, &ctx);
}

/* `count` calls; the index of the first failing one (its code in *rc), or `count`. */
static uint64_t run_calls(uint64_t count, int *rc)
{
    int (*call)(void *) = s.op->call;
    void *state = s.state;
    uint64_t i;
    *rc = 0;
    for (i = 0; i < count; i++) {
        int r = call(state);
        if (r != 0) {
            *rc = r;
            return i;
        }
        __asm__ __volatile__("" : : : "memory");
    }
    return i;
}

/* After a batch: the category's check first (a write outside a buffer explains a failure), then
 * the failing call. */
static int after_calls(const char *phase, uint64_t first, uint64_t done, uint64_t wanted, int rc)
{
    ngcc_op_problem p;
    int status;
    memset(&p, 0, sizeof p);
    status = s.op->check(s.state, &p);
    if (status != NGCC_OP_OK) {
        return problem(status, &p, phase, done + (done < wanted) == 1, first);
    }
    if (done < wanted) {
        p.return_code = rc;
        return problem(NGCC_OP_FAILED, &p, phase, 1, first + done);
    }
    return DRV_EXIT_OK;
}

static int write_meta(uint64_t baseline_rss_bytes)
{
    json_line *j = &s.line;
    jl_begin(j, "meta");
    jl_counter(j, &s.ctr);
    jl_operation(j, s.category->name, s.op, s.values);
    jl_u64(j, "iterations", s.iterations);
    jl_u64(j, "warmups", s.warmups);
    jl_u64(j, "baselineRssBytes", baseline_rss_bytes);
    jl_cpu(j, "cpu", sched_getcpu());
    jl_str(j, "scope", "loop");
    return jl_emit(j) != 0 || out_flush() != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int run_warmups(void)
{
    uint64_t first = s.warmups > 0 ? 1 : 0;
    uint64_t done;
    int rc = 0;
    int code;
    uint64_t started_ns;
    op_timeout_phase("warmup");
    crash_guard_set_phase("in the operation during the warm-up calls", 0);
    started_ns = clock_raw_ns();
    done = run_calls(first, &rc);
    started_ns = clock_raw_ns() - started_ns;
    crash_guard_set_phase(NULL, 0);
    code = after_calls("warmup", 0, done, first, rc);
    if (code == DRV_EXIT_OK && first > 0) {
        op_estimate(s.opts.progress, s.category->name, s.op->name, started_ns,
                    s.warmups - first + s.iterations + s.opts.warm_check);
    }
    if (code != DRV_EXIT_OK || s.warmups - first == 0) {
        return code;
    }
    crash_guard_set_phase("in the operation during the warm-up calls", 0);
    done = run_calls(s.warmups - first, &rc);
    crash_guard_set_phase(NULL, 0);
    return after_calls("warmup", first, done, s.warmups - first, rc);
}

/* --warm-check N: up to N more calls after the timed loop, one at a time until N are done or
 * WARM_CHECK_NS have passed, timed together and never part of the trial's figures (as `time`). */

static int run_warm_check(uint64_t *calls, uint64_t *ns, uint64_t *ticks)
{
    warm_check_result r;
    int code;
    op_timeout_phase("warm-check");
    crash_guard_set_phase("in the operation during the warm check after the timed calls, on warm-check call", 1);
    if (warm_check_loop(&s.ctr, s.opts.warm_check, run_calls, &r) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    crash_guard_set_phase(NULL, 0);
    if ((code = after_calls("warm-check", 0, r.done, r.wanted, r.rc)) != DRV_EXIT_OK) {
        return code;
    }
    *calls = r.done;
    *ns = r.ns;
    *ticks = r.ticks;
    return DRV_EXIT_OK;
}

static int timed_trial(void)
{
    uint64_t warm_calls = 0;
    uint64_t warm_ns = 0;
    uint64_t warm_ticks = 0;
    loop_edge before;
    loop_edge after;
    uint64_t ticks_before = 0;
    uint64_t ticks_after = 0;
    uint64_t retries_before = category_retries(s.category, s.state);
    uint64_t done;
    int rc = 0;
    int cpu_after;
    int code;
    json_line *j = &s.line;
    op_timeout_phase("timed");
    crash_guard_set_phase("in the operation during the timed calls", 0);
    edge_read_before(&before, s.migrations_fd, s.run_delay_fd);
    before.ns = clock_raw_ns();
    if (counter_read(&s.ctr, &ticks_before) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    done = run_calls(s.iterations, &rc);
    if (counter_read(&s.ctr, &ticks_after) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    after.ns = clock_raw_ns();
    edge_read_after(&after, s.migrations_fd, s.run_delay_fd);
    cpu_after = sched_getcpu();
    crash_guard_set_phase(NULL, 0);
    code = after_calls("timed", 0, done, s.iterations, rc);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (s.opts.warm_check > 0 && warm_check_due(&before, &after) &&
        (code = run_warm_check(&warm_calls, &warm_ns, &warm_ticks)) != DRV_EXIT_OK) {
        return code;
    }
    jl_begin(j, "trial");
    jl_u64(j, "iterations", s.iterations);
    jl_seconds(j, "seconds", after.ns - before.ns);
    jl_u64(j, "nanoseconds", after.ns - before.ns);
    jl_u64(j, "ticks", ticks_after - ticks_before);
    jl_cpu(j, "cpuAfter", cpu_after);
    jl_edge_figures(j, &before, &after);
    if (category_counts_retries(s.category)) {
        jl_u64(j, "retries", category_retries(s.category, s.state) - retries_before);
    }
    if (warm_calls > 0) {
        jl_object_begin(j, "warmCheck");
        jl_u64(j, "iterations", warm_calls);
        jl_seconds(j, "seconds", warm_ns);
        jl_u64(j, "ticks", warm_ticks);
        jl_object_end(j);
    }
    return jl_emit(j) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int run_trial(void)
{
    uint64_t baseline_rss_bytes = 0;
    uint64_t peak_rss_bytes = 0;
    ngcc_op_problem p;
    int status;
    int code;
    memset(&p, 0, sizeof p);
    if (s.opts.timeout_seconds > 0 &&
        op_timeout_arm(s.opts.timeout_seconds, s.library, s.category->name, s.op->name) != 0) {
        return io_error("the --timeout alarm could not be set", strerror(errno));
    }
    crash_guard_set_phase("in the operation's set-up (prepare)", 0);
    status = s.op->prepare(category_host(s.library), s.values, &s.state, &p);
    crash_guard_set_phase(NULL, 0);
    if (status != NGCC_OP_OK) {
        return problem(status, &p, "prepare", 0, 0);
    }
    if (jl_reserve(&s.line, 1024) != 0) {
        return io_error("no memory for the output line", "1 KiB");
    }
    if (proc_resident_bytes(&baseline_rss_bytes) != 0) {
        return io_error("reading /proc/self/statm failed", strerror(errno));
    }
    if ((code = write_meta(baseline_rss_bytes)) != DRV_EXIT_OK || (code = run_warmups()) != DRV_EXIT_OK ||
        (code = timed_trial()) != DRV_EXIT_OK) {
        return code;
    }
    if (proc_peak_rss_bytes(&peak_rss_bytes) != 0) {
        return io_error("reading VmHWM from /proc/self/status failed", strerror(errno));
    }
    jl_begin(&s.line, "end");
    jl_u64(&s.line, "peakRssBytes", peak_rss_bytes);
    if (category_counts_retries(s.category)) {
        jl_u64(&s.line, "retries", category_retries(s.category, s.state));
    }
    return jl_emit(&s.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int parse(int argc, char **argv)
{
    int code = parse_op_options("op-time", argc, argv, &OP_TIME_POSITIONALS, 1, &s.opts);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    s.library = s.opts.positional[0];
    if (parse_u64(s.opts.positional[3], 1, UINT64_MAX / 2, &s.iterations) != 0) {
        return usage_error_got("op-time", "ITERATIONS must be an integer of at least 1", s.opts.positional[3]);
    }
    if (parse_u64(s.opts.positional[4], 0, UINT64_MAX / 2, &s.warmups) != 0) {
        return usage_error_got("op-time", "WARMUPS must be an integer of at least 0", s.opts.positional[4]);
    }
    code = category_find("op-time", s.opts.positional[1], s.opts.adapter, &s.category);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    s.op = category_operation(s.category, s.opts.positional[2]);
    if (s.op == NULL) {
        return usage_error_got("op-time", "OPERATION must be an operation of the category (see `categories`)",
                               s.opts.positional[2]);
    }
    code = op_parameter_values("op-time", s.op, &s.opts, s.values);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (s.opts.has_cpu && (code = pin_to_cpu("op-time", s.opts.cpu)) != DRV_EXIT_OK) {
        return code;
    }
    code = trial_choose_counter("op-time", s.library, s.opts.has_counter, s.opts.counter, !s.opts.no_rate_probe,
                                &s.ctr);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    s.counter_ready = 1;
    crash_guard_arm(s.library);
    return category_open_library(s.category, s.library);
}

int cmd_op_time(int argc, char **argv)
{
    int code;
    s.migrations_fd = -1;
    s.run_delay_fd = run_delay_open();
    code = parse(argc, argv);
    if (code == DRV_EXIT_OK) {
        s.migrations_fd = migrations_open();
        code = run_trial();
    }
    if (s.op != NULL && s.state != NULL) {
        s.op->release(s.state);
    }
    migrations_close(s.migrations_fd);
    run_delay_close(s.run_delay_fd);
    if (s.counter_ready) {
        counter_close(&s.ctr);
    }
    return code;
}
