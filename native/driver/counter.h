/* Tick counters for the timed loop (PROTOCOL.md, "Counters").
 *
 *   pmu-cycles  perf_event_open(PERF_COUNT_HW_CPU_CYCLES), user mode only, read
 *               with rdpmc through the perf mmap page when the page allows it
 *               (x86-64), else with read();                           kind "core-cycles"
 *   tsc         lfence; rdtsc; lfence (x86-64 builds only);            kind "fixed-rate"
 *   tscp        rdtscp; lfence (x86-64 builds only; never chosen
 *               automatically, only with --counter tscp);              kind "fixed-rate"
 *   cntvct      isb; mrs cntvct_el0 (AArch64 builds only);             kind "fixed-rate"
 *   clock       CLOCK_MONOTONIC_RAW in nanoseconds;                    kind "fixed-rate"
 *
 * This file only opens, reads and closes counters. Measuring them (overhead,
 * resolution, rate) is counter_probe.c; the choice is counter_choice.c.
 */
#ifndef NGCC_COUNTER_H
#define NGCC_COUNTER_H

#include "json_line.h"

#include <stddef.h>
#include <stdint.h>

/* New ids are appended, so existing values keep their meaning. */
typedef enum { COUNTER_PMU_CYCLES, COUNTER_TSC, COUNTER_CNTVCT, COUNTER_CLOCK, COUNTER_TSCP } counter_id;

#define COUNTER_ID_COUNT 5

typedef struct {
    counter_id id;
    int pmu_fd;               /* open perf_event descriptor for pmu-cycles, else -1 */
    void *pmu_page;           /* mapped perf_event_mmap_page, or NULL */
    size_t pmu_page_bytes;
    int pmu_rdpmc;            /* 1 when pmu-cycles is read with rdpmc */
    uint64_t hz;              /* ticks per second, measured (clock: 10^9 by definition); 0 unknown */
    uint64_t overhead_ticks;  /* median difference of back-to-back reads */
    uint64_t resolution_ticks;/* smallest non-zero difference of back-to-back reads */
    int measured;             /* 1 once hz / overhead / resolution are filled in */
    int rate_skipped;         /* 1 when hz was deliberately not measured (--no-rate-probe) */
    char reason[1024];        /* why a better counter was not taken; empty when none */
} counter;

/* Maps a protocol name to its id. Returns 0, or -1 for an unknown name. */
int counter_from_name(const char *name, counter_id *id);
const char *counter_name(counter_id id);
/* "core-cycles" for pmu-cycles, "fixed-rate" for the others. */
const char *counter_kind(counter_id id);
/* How it is read, e.g. "rdpmc", "read", "lfence-rdtsc-lfence"; for the JSON `access` field. */
const char *counter_access(const counter *c);

/* Opens exactly `id` and checks that it advances over a short busy loop.
 * Returns 0, or -1 with the reason in `why` when it is not available on this
 * build or machine (nothing is left open then). Does not measure it. */
int counter_open(counter *c, counter_id id, char *why, size_t why_bytes);

/* Reads the counter. Returns 0, or -1 (errno set) when a PMU read failed. */
int counter_read(const counter *c, uint64_t *ticks);

void counter_close(counter *c);

/* CLOCK_MONOTONIC_RAW in nanoseconds. */
uint64_t clock_raw_ns(void);

/* Writes "counter":{"name","kind"[,"reason"],"access","hz","overheadTicks","resolutionTicks"};
 * the three figures are null when the counter was not measured; "hz" is left
 * out when its measurement was skipped (rate_skipped). */
void jl_counter(json_line *j, const counter *c);

#endif
