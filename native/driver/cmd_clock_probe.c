/* `ngcc-perf-driver clock-probe [--cpu N] [--windows 21] [--window-ms 50]
 * [--counter NAME]` (PROTOCOL.md): the counter's rate over repeated busy
 * windows of CLOCK_MONOTONIC_RAW, and whether it is steady (guide §3.4: median
 * of 21 windows of 50 ms, unsteady if IQR > 0.5 %). With a fixed-rate counter
 * this measures the counter's rate, not the core clock. */
#define _GNU_SOURCE
#include "args.h"
#include "commands.h"
#include "counter.h"
#include "counter_probe.h"
#include "exit_codes.h"
#include "json_line.h"
#include "report.h"
#include "cpu_pin.h"
#include "sample_stats.h"
#include "time_options.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#define PROBE_MAX_WINDOWS 1001u
#define PROBE_MAX_WINDOW_MS 10000u
/* Steady when the interquartile range is at most this fraction of the median. */
#define STEADY_IQR_RELATIVE 0.005

typedef struct {
    int has_cpu;
    int cpu;
    int has_counter;
    counter_id counter;
    uint64_t windows;
    uint64_t window_ms;
} probe_options;

static int parse_probe_options(int argc, char **argv, probe_options *o)
{
    int i;
    memset(o, 0, sizeof *o);
    o->windows = 21;
    o->window_ms = 50;
    for (i = 0; i < argc; i++) {
        const char *value = NULL;
        uint64_t number;
        if (take_option(argc, argv, &i, "--counter", &value) == 1) {
            if (counter_from_name(value, &o->counter) != 0) {
                return usage_error_got("clock-probe",
                                       "--counter must be pmu-cycles, tsc, tscp, cntvct or clock", value);
            }
            o->has_counter = 1;
        } else if (take_option(argc, argv, &i, "--cpu", &value) == 1) {
            if (parse_u64(value, 0, CPU_SETSIZE - 1, &number) != 0) {
                return usage_error_got("clock-probe", "--cpu must be a CPU number (0, 1, ...)", value);
            }
            o->has_cpu = 1;
            o->cpu = (int)number;
        } else if (take_option(argc, argv, &i, "--windows", &value) == 1) {
            if (parse_u64(value, 1, PROBE_MAX_WINDOWS, &o->windows) != 0) {
                return usage_error_got("clock-probe", "--windows must be an integer from 1 to 1001", value);
            }
        } else if (take_option(argc, argv, &i, "--window-ms", &value) == 1) {
            if (parse_u64(value, 1, PROBE_MAX_WINDOW_MS, &o->window_ms) != 0) {
                return usage_error_got("clock-probe", "--window-ms must be an integer from 1 to 10000",
                                       value);
            }
        } else {
            char problem[512];
            snprintf(problem, sizeof problem,
                     "unexpected argument \"%.200s\" (options: --cpu N, --windows N, --window-ms N, "
                     "--counter NAME, each with its value)",
                     argv[i]);
            return usage_error("clock-probe", problem);
        }
    }
    return DRV_EXIT_OK;
}

static int open_counter(const probe_options *o, counter *c)
{
    char why[512];
    if (!o->has_counter) {
        if (counter_select_auto(c) != 0) {
            json_line *j = report_begin("IO");
            jl_str(j, "subcommand", "clock-probe");
            return report_finish(DRV_EXIT_IO, "clock-probe: no counter works, not even "
                                              "CLOCK_MONOTONIC_RAW; run the driver on Linux");
        }
        return DRV_EXIT_OK;
    }
    if (counter_select_forced(c, o->counter, 1, why, sizeof why) != 0) {
        json_line *j = report_begin("USAGE");
        jl_str(j, "subcommand", "clock-probe");
        jl_str(j, "counter", counter_name(o->counter));
        jl_str(j, "reason", why);
        return report_finish(DRV_EXIT_USAGE,
                             "clock-probe: --counter %s is not available here (%s): leave --counter "
                             "out to let the driver choose, or run `ngcc-perf-driver info`",
                             counter_name(o->counter), why);
    }
    return DRV_EXIT_OK;
}

/* Ticks per second over one busy window of `window_ns`; 0 if it did not advance. */
static int one_window(const counter *c, uint64_t window_ns, uint64_t *hz)
{
    uint64_t t0, t1, ns0, ns1, width_ns, until;
    if (counter_read_at(c, &t0, &ns0, &width_ns) != 0) {
        return -1;
    }
    until = ns0 + window_ns;
    while (clock_raw_ns() < until) {
        /* busy */
    }
    if (counter_read_at(c, &t1, &ns1, &width_ns) != 0) {
        return -1;
    }
    *hz = t1 > t0 && ns1 > ns0 ? (uint64_t)((double)(t1 - t0) * 1e9 / (double)(ns1 - ns0) + 0.5) : 0;
    return 0;
}

static int write_result(const counter *c, const probe_options *o, const uint64_t *hz_by_window,
                        uint64_t *sorted, long switches)
{
    json_line line = {0};
    sample_quartiles q;
    double iqr_relative;
    uint64_t i;
    int cpu = sched_getcpu();
    int failed;
    memcpy(sorted, hz_by_window, (size_t)o->windows * sizeof *sorted);
    quartiles_u64(sorted, (size_t)o->windows, &q);
    iqr_relative = q.median > 0 ? (double)(q.q3 - q.q1) / (double)q.median : 0.0;
    jl_begin(&line, "clock-probe");
    jl_counter(&line, c);
    jl_str(&line, "measures", c->id == COUNTER_PMU_CYCLES ? "core-clock" : "counter-rate");
    if (cpu >= 0) {
        jl_i64(&line, "cpu", cpu);
    } else {
        jl_null(&line, "cpu");
    }
    jl_u64(&line, "windows", o->windows);
    jl_u64(&line, "windowMs", o->window_ms);
    jl_array_begin(&line, "windowsHz");
    for (i = 0; i < o->windows; i++) {
        jl_elem_u64(&line, hz_by_window[i]);
    }
    jl_array_end(&line);
    jl_u64(&line, "medianHz", q.median);
    jl_u64(&line, "q1Hz", q.q1);
    jl_u64(&line, "q3Hz", q.q3);
    jl_u64(&line, "iqrHz", q.q3 - q.q1);
    jl_f64(&line, "iqrRelative", iqr_relative);
    jl_bool(&line, "steady", q.median > 0 && iqr_relative <= STEADY_IQR_RELATIVE);
    jl_u64(&line, "involuntarySwitches", (uint64_t)(switches > 0 ? switches : 0));
    failed = jl_emit(&line);
    jl_free(&line);
    return failed != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

int cmd_clock_probe(int argc, char **argv)
{
    static uint64_t hz_by_window[PROBE_MAX_WINDOWS];
    static uint64_t sorted[PROBE_MAX_WINDOWS];
    probe_options o;
    counter c;
    struct rusage before;
    struct rusage after;
    uint64_t i;
    int code = parse_probe_options(argc, argv, &o);
    if (code == DRV_EXIT_OK && o.has_cpu) {
        code = pin_to_cpu("clock-probe", o.cpu);
    }
    if (code == DRV_EXIT_OK) {
        code = open_counter(&o, &c);
    }
    if (code != DRV_EXIT_OK) {
        return code;
    }
    getrusage(RUSAGE_SELF, &before);
    for (i = 0; i < o.windows; i++) {
        if (one_window(&c, o.window_ms * 1000000u, &hz_by_window[i]) != 0) {
            json_line *j = report_begin("IO");
            jl_str(j, "subcommand", "clock-probe");
            counter_close(&c);
            return report_finish(DRV_EXIT_IO, "clock-probe: reading the counter failed (%s)",
                                 strerror(errno));
        }
    }
    getrusage(RUSAGE_SELF, &after);
    code = write_result(&c, &o, hz_by_window, sorted, after.ru_nivcsw - before.ru_nivcsw);
    counter_close(&c);
    return code;
}
