/* `ngcc-perf-driver op-profile LIB CATEGORY OPERATION ITERATIONS ROUNDS [--param NAME=VALUE]...
 * [--counter NAME [--no-rate-probe]] [--cpu N] [--timeout S]`: where the time of a public-key
 * operation goes (PROTOCOL.md, `op-profile`). The instance is loaded beside the profiling twin of
 * the ICCS support library (pk/iccs_profile.h) instead of the plain one, so this process is never
 * a timed one. After the category's prepare (set-up objects, outside the profile) and one warm-up
 * call, each of ROUNDS rounds runs ITERATIONS calls with counting off (the operation's ticks as in
 * a trial), then ITERATIONS calls with counting on (the calls of sm3hash, pseudohash, pseudoXOF and
 * get_random_number and the ticks inside each); a `round` line per round, then one `profile` line
 * (calls of each primitive and where it comes from: the driver's stand-in or the instance's own)
 * and `end`. */
#define _GNU_SOURCE
#include "args.h"
#include "category_table.h"
#include "commands.h"
#include "cpu_pin.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "json_line.h"
#include "op_options.h"
#include "op_problem.h"
#include "op_timeout.h"
#include "report.h"
#include "trial_edges.h"
#include "pk/iccs_profile.h"
#include "pk/pk_op.h"

#include <dlfcn.h>
#include <errno.h>
#include <sched.h>
#include <string.h>

static const op_positionals OP_PROFILE_POSITIONALS = {5, 5, "LIB CATEGORY OPERATION ITERATIONS ROUNDS"};

/* The profiled primitives' names and their slots in pk_library's origin[] (PK_ICCS_NAMES). */
static const char *const NAMES[ICCS_PROFILE_PRIMITIVES] = {"sm3hash", "pseudohash", "pseudoXOF", "get_random_number"};
static const int ORIGIN_SLOT[ICCS_PROFILE_PRIMITIVES] = {3, 4, 5, 2};

static struct {
    op_options opts;
    const char *library;
    const ngcc_category *category;
    const ngcc_operation *op;
    const char *values[OP_MAX_PARAMETERS + 1];
    void *state;
    uint64_t iterations;
    uint64_t rounds;
    counter ctr;
    int counter_ready;
    iccs_profile *profile;
    json_line line;
} s;

static int io_error(const char *sentence, const char *detail)
{
    json_line *j = report_begin("IO");
    jl_str(j, "library", s.library);
    return report_finish(DRV_EXIT_IO, "%s (%s) while profiling %s", sentence, detail, s.library);
}

static int problem(int status, const ngcc_op_problem *p, const char *phase)
{
    op_context ctx = {"op-profile", s.library, s.category->name, s.op->name, phase, 0, 0};
    return report_op_problem(status, p, &ctx);
}

static int read_counter(void *context, uint64_t *ticks)
{
    return counter_read(context, ticks);
}

/* `count` calls, counting inside the primitives when `profiled`, then the category's check (never
 * counted); the ticks of the calls in *ticks. */
static int run_calls(uint64_t count, int profiled, const char *phase, uint64_t *ticks)
{
    ngcc_op_problem p;
    uint64_t before = 0;
    uint64_t after = 0;
    uint64_t i;
    int rc = 0;
    int status;
    crash_guard_set_phase("in the operation during the profiled calls", 0);
    if (counter_read(&s.ctr, &before) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    s.profile->counting = profiled;
    for (i = 0; i < count && rc == 0; i++) {
        rc = s.op->call(s.state);
        __asm__ __volatile__("" : : : "memory");
    }
    s.profile->counting = 0;
    if (counter_read(&s.ctr, &after) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    crash_guard_set_phase(NULL, 0);
    *ticks = after - before;
    memset(&p, 0, sizeof p);
    if ((status = s.op->check(s.state, &p)) != NGCC_OP_OK) {
        return problem(status, &p, phase);
    }
    if (rc != 0) {
        p.return_code = rc;
        return problem(NGCC_OP_FAILED, &p, phase);
    }
    return DRV_EXIT_OK;
}

static int write_round(uint64_t round, uint64_t clean_ticks, uint64_t profiled_ticks, const iccs_profile *before)
{
    json_line *j = &s.line;
    int k;
    jl_begin(j, "round");
    jl_u64(j, "round", round);
    jl_u64(j, "cleanTicks", clean_ticks);
    jl_u64(j, "profiledTicks", profiled_ticks);
    jl_object_begin(j, "insideTicks");
    for (k = 0; k < ICCS_PROFILE_PRIMITIVES; k++) {
        jl_u64(j, NAMES[k], s.profile->ticks[k] - before->ticks[k]);
    }
    jl_object_end(j);
    jl_object_begin(j, "timedCalls");
    for (k = 0; k < ICCS_PROFILE_PRIMITIVES; k++) {
        jl_u64(j, NAMES[k], s.profile->timed[k] - before->timed[k]);
    }
    jl_object_end(j);
    jl_cpu(j, "cpuAfter", sched_getcpu());
    return jl_emit(j) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int write_profile(void)
{
    json_line *j = &s.line;
    unsigned k;
    jl_begin(j, "profile");
    jl_counter(j, &s.ctr);
    jl_operation(j, s.category->name, s.op, s.values);
    jl_u64(j, "iterations", s.iterations);
    jl_u64(j, "rounds", s.rounds);
    jl_u64(j, "readFailures", s.profile->read_failures);
    jl_array_begin(j, "primitives");
    for (k = 0; k < ICCS_PROFILE_PRIMITIVES; k++) {
        jl_elem_object_begin(j);
        jl_str(j, "name", NAMES[k]);
        jl_str(j, "origin", pk_op_kat.lib.origin[ORIGIN_SLOT[k]] == PK_FROM_INSTANCE ? "instance" : "driver");
        jl_u64(j, "calls", s.profile->calls[k]);
        jl_u64(j, "ticks", s.profile->ticks[k]);
        jl_object_end(j);
    }
    jl_array_end(j);
    return jl_emit(j) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int profile_rounds(void)
{
    ngcc_op_problem p;
    uint64_t ticks = 0;
    uint64_t r;
    int status;
    int code;
    memset(&p, 0, sizeof p);
    crash_guard_set_phase("in the operation's set-up (prepare)", 0);
    status = s.op->prepare(category_host(s.library), s.values, &s.state, &p);
    crash_guard_set_phase(NULL, 0);
    if (status != NGCC_OP_OK) {
        return problem(status, &p, "prepare");
    }
    if (jl_reserve(&s.line, 2048) != 0) {
        return io_error("no memory for the output line", "2 KiB");
    }
    s.profile->read = read_counter;
    s.profile->context = &s.ctr;
    if ((code = run_calls(1, 0, "warmup", &ticks)) != DRV_EXIT_OK) {
        return code;
    }
    for (r = 1; r <= s.rounds; r++) {
        iccs_profile before = *s.profile;
        uint64_t clean = 0;
        uint64_t profiled = 0;
        if ((code = run_calls(s.iterations, 0, "profile", &clean)) != DRV_EXIT_OK ||
            (code = run_calls(s.iterations, 1, "profile", &profiled)) != DRV_EXIT_OK ||
            (code = write_round(r, clean, profiled, &before)) != DRV_EXIT_OK) {
            return code;
        }
    }
    if ((code = write_profile()) != DRV_EXIT_OK) {
        return code;
    }
    jl_begin(&s.line, "end");
    return jl_emit(&s.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int parse(int argc, char **argv)
{
    void *support;
    int code = parse_op_options("op-profile", argc, argv, &OP_PROFILE_POSITIONALS, 1, &s.opts);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (s.opts.warm_check > 0 || s.opts.progress) {
        return usage_error("op-profile", "op-profile takes no --warm-check and no --progress");
    }
    s.library = s.opts.positional[0];
    if (parse_u64(s.opts.positional[3], 1, UINT64_MAX / 4, &s.iterations) != 0) {
        return usage_error_got("op-profile", "ITERATIONS must be an integer of at least 1", s.opts.positional[3]);
    }
    if (parse_u64(s.opts.positional[4], 1, 1000, &s.rounds) != 0) {
        return usage_error_got("op-profile", "ROUNDS must be an integer from 1 to 1000", s.opts.positional[4]);
    }
    if ((code = category_find("op-profile", s.opts.positional[1], s.opts.adapter, &s.category)) != DRV_EXIT_OK) {
        return code;
    }
    if (!pk_op_is_category(s.category)) {
        return usage_error_got("op-profile", "CATEGORY must be a public-key category (kem, sig, kex): only their "
                               "instances call the ICCS primitives", s.opts.positional[1]);
    }
    if ((s.op = category_operation(s.category, s.opts.positional[2])) == NULL) {
        return usage_error_got("op-profile", "OPERATION must be an operation of the category (see `categories`)",
                               s.opts.positional[2]);
    }
    if ((code = op_parameter_values("op-profile", s.op, &s.opts, s.values)) != DRV_EXIT_OK) {
        return code;
    }
    if (s.opts.has_cpu && (code = pin_to_cpu("op-profile", s.opts.cpu)) != DRV_EXIT_OK) {
        return code;
    }
    code = trial_choose_counter("op-profile", s.library, s.opts.has_counter, s.opts.counter, !s.opts.no_rate_probe,
                                &s.ctr);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    s.counter_ready = 1;
    if (s.opts.timeout_seconds > 0 &&
        op_timeout_arm(s.opts.timeout_seconds, s.library, s.category->name, s.op->name) != 0) {
        return io_error("the --timeout alarm could not be set", strerror(errno));
    }
    pk_support_choose_profiling();
    crash_guard_arm(s.library);
    if ((code = category_open_library(s.category, s.library)) != DRV_EXIT_OK) {
        return code;
    }
    support = pk_support_load();
    {
        iccs_profile_get_fn get;
        void *symbol = support != NULL ? dlsym(support, ICCS_PROFILE_SYMBOL) : NULL;
        memcpy(&get, &symbol, sizeof get);
        s.profile = symbol != NULL ? get() : NULL;
    }
    if (s.profile == NULL) {
        return io_error("the profiling ICCS support library has no " ICCS_PROFILE_SYMBOL, "rebuild the driver");
    }
    return DRV_EXIT_OK;
}

int cmd_op_profile(int argc, char **argv)
{
    int code = parse(argc, argv);
    if (code == DRV_EXIT_OK) {
        code = profile_rounds();
    }
    if (s.op != NULL && s.state != NULL) {
        s.op->release(s.state);
    }
    if (s.counter_ready) {
        counter_close(&s.ctr);
    }
    return code;
}
