#define _GNU_SOURCE
#include "trial_edges.h"

#include "counter_probe.h"
#include "exit_codes.h"
#include "migration_counter.h"
#include "report.h"
#include "run_delay.h"

void edge_read_before(loop_edge *e, int migrations_fd, int run_delay_fd)
{
    e->has_migrations = migrations_read(migrations_fd, &e->migrations) == 0;
    getrusage(RUSAGE_SELF, &e->usage);
    e->has_run_delay = run_delay_read(run_delay_fd, &e->run_delay_ns) == 0;
}

void edge_read_after(loop_edge *e, int migrations_fd, int run_delay_fd)
{
    e->has_run_delay = run_delay_read(run_delay_fd, &e->run_delay_ns) == 0;
    getrusage(RUSAGE_SELF, &e->usage);
    e->has_migrations = migrations_read(migrations_fd, &e->migrations) == 0;
}

static uint64_t cpu_time_ns(const struct rusage *usage)
{
    return (uint64_t)(usage->ru_utime.tv_sec + usage->ru_stime.tv_sec) * 1000000000ULL +
           (uint64_t)(usage->ru_utime.tv_usec + usage->ru_stime.tv_usec) * 1000ULL;
}

uint64_t edge_on_cpu_ns(const loop_edge *before, const loop_edge *after)
{
    uint64_t from = cpu_time_ns(&before->usage);
    uint64_t to = cpu_time_ns(&after->usage);
    return to > from ? to - from : 0;
}

void jl_edge_figures(json_line *j, const loop_edge *before, const loop_edge *after)
{
    jl_u64(j, "involuntarySwitches", (uint64_t)(after->usage.ru_nivcsw - before->usage.ru_nivcsw));
    jl_u64(j, "voluntarySwitches", (uint64_t)(after->usage.ru_nvcsw - before->usage.ru_nvcsw));
    if (before->has_migrations && after->has_migrations) {
        jl_u64(j, "migrations", after->migrations - before->migrations);
    } else {
        jl_null(j, "migrations");
    }
    if (before->has_run_delay && after->has_run_delay && after->run_delay_ns >= before->run_delay_ns) {
        jl_u64(j, "runDelayNs", after->run_delay_ns - before->run_delay_ns);
    }
}

void jl_cpu(json_line *j, const char *key, int cpu)
{
    if (cpu >= 0) {
        jl_i64(j, key, cpu);
    } else {
        jl_null(j, key);
    }
}

int trial_choose_counter(const char *subcommand, const char *library, int has_counter, counter_id id,
                         int rate_probe, counter *ctr)
{
    char why[512];
    if (!has_counter) {
        if (counter_select_auto(ctr) != 0) {
            json_line *j = report_begin("IO");
            jl_str(j, "library", library);
            return report_finish(DRV_EXIT_IO, "no counter works (not even CLOCK_MONOTONIC_RAW) while timing %s",
                                 library);
        }
        return DRV_EXIT_OK;
    }
    if (counter_select_forced(ctr, id, rate_probe, why, sizeof why) != 0) {
        json_line *j = report_begin("USAGE");
        jl_str(j, "subcommand", subcommand);
        jl_str(j, "counter", counter_name(id));
        jl_str(j, "reason", why);
        return report_finish(DRV_EXIT_USAGE,
                             "%s: --counter %s is not available here (%s): leave --counter out to "
                             "let the driver choose, or run `ngcc-perf-driver info`",
                             subcommand, counter_name(id), why);
    }
    return DRV_EXIT_OK;
}
