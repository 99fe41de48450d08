/* What every timed trial reads around its loop (PROTOCOL.md `time` and `op-time`): migrations,
 * rusage and run delay before the clock and counter, the same after in reverse, and the
 * counter choice of a trial command. Shared by cmd_time.c (hash) and cmd_op_time.c (any
 * category), so both write the same trial fields the same way. */
#ifndef NGCC_TRIAL_EDGES_H
#define NGCC_TRIAL_EDGES_H

#include "counter.h"
#include "json_line.h"

#include <stdint.h>
#include <sys/resource.h>

typedef struct {
    struct rusage usage;
    uint64_t ns;
    uint64_t migrations;
    int has_migrations;
    uint64_t run_delay_ns;
    int has_run_delay;
} loop_edge;

/* Before the loop: migrations, rusage, run delay (the caller then reads clock, counter). */
void edge_read_before(loop_edge *e, int migrations_fd, int run_delay_fd);

/* After the loop (after counter, clock): run delay, rusage, migrations. */
void edge_read_after(loop_edge *e, int migrations_fd, int run_delay_fd);

/* Nanoseconds the process ran on a CPU between the two edges (user + system time of rusage):
 * wall time minus what it spent waiting for a CPU or asleep. */
uint64_t edge_on_cpu_ns(const loop_edge *before, const loop_edge *after);

/* "involuntarySwitches", "voluntarySwitches", "migrations" (null when unknown) and "runDelayNs"
 * (absent when unknown) between the two edges. */
void jl_edge_figures(json_line *j, const loop_edge *before, const loop_edge *after);

/* Writes "key": cpu, or null when cpu < 0. */
void jl_cpu(json_line *j, const char *key, int cpu);

/* The counter of a trial command: the automatic choice, or the forced one. Returns DRV_EXIT_OK,
 * DRV_EXIT_USAGE (forced counter unavailable: the error line names `subcommand`) or DRV_EXIT_IO
 * (no counter at all; the sentence names `library`). */
int trial_choose_counter(const char *subcommand, const char *library, int has_counter, counter_id id,
                         int rate_probe, counter *ctr);

#endif
