/* Tick counters for the timed loop (PROTOCOL.md, `info` and `time`).
 *
 *   pmu-cycles  perf_event_open(PERF_COUNT_HW_CPU_CYCLES), user mode only; kind "core-cycles"
 *   tsc         rdtsc fenced by lfence (x86-64 builds only);                kind "fixed-rate"
 *   cntvct      mrs cntvct_el0 after isb (AArch64 builds only);             kind "fixed-rate"
 *   clock       CLOCK_MONOTONIC_RAW in nanoseconds;                         kind "fixed-rate"
 */
#ifndef NGCC_COUNTER_H
#define NGCC_COUNTER_H

#include "json_line.h"

#include <stddef.h>
#include <stdint.h>

typedef enum { COUNTER_PMU_CYCLES, COUNTER_TSC, COUNTER_CNTVCT, COUNTER_CLOCK } counter_id;

typedef struct {
    counter_id id;
    int pmu_fd;        /* open perf_event descriptor for pmu-cycles, else -1 */
    uint64_t hz;       /* tick rate when known (cntvct, clock), else 0 */
    char reason[512];  /* why a better counter was not taken; empty when none */
} counter;

/* Maps a protocol name to its id. Returns 0, or -1 for an unknown name. */
int counter_from_name(const char *name, counter_id *id);
const char *counter_name(counter_id id);
/* "core-cycles" for pmu-cycles, "fixed-rate" for the others. */
const char *counter_kind(counter_id id);

/* pmu-cycles if it opens and advances over a short busy loop, else tsc or
 * cntvct (by architecture), else clock; records why the PMU was not used. */
void counter_select_auto(counter *c);

/* Opens exactly `id`. Returns 0, or -1 with a reason in `why` when it is not
 * available on this build or machine. */
int counter_select_forced(counter *c, counter_id id, char *why, size_t why_bytes);

/* Reads the counter. Returns 0, or -1 (errno set) when a PMU read failed. */
int counter_read(const counter *c, uint64_t *ticks);

void counter_close(counter *c);

/* CLOCK_MONOTONIC_RAW in nanoseconds. */
uint64_t clock_raw_ns(void);

/* Writes "counter":{"name":...,"kind":...[,"reason":...][,"hz":...]}. */
void jl_counter(json_line *j, const counter *c);

#endif
