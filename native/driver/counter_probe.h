/* Probing the counters at driver start (PROTOCOL.md, "Counters"): open each
 * candidate of this build, drop those that fail, do not advance or go
 * backwards, and measure the rest:
 *   overhead    median difference of PROBE_READ_PAIRS back-to-back reads (ticks)
 *   resolution  smallest non-zero such difference (ticks)
 *   hz          ticks per second against CLOCK_MONOTONIC_RAW over one
 *               PROBE_RATE_WINDOW_NS busy window shared by all candidates
 *               (clock: 10^9 by definition)
 * then let counter_choose() pick one. */
#ifndef NGCC_COUNTER_PROBE_H
#define NGCC_COUNTER_PROBE_H

#include "counter.h"
#include "counter_choice.h"
#include "json_line.h"

#include <stddef.h>
#include <stdint.h>

#define PROBE_READ_PAIRS 1001u
#define PROBE_RATE_WINDOW_NS 20000000u

/* Figures from back-to-back reads. */
typedef struct {
    uint64_t overhead_ticks;
    uint64_t resolution_ticks;  /* 0 when no read pair differed */
    size_t backwards;           /* pairs where the second read was smaller */
} read_figures;

/* Every candidate of this build, as probed. */
typedef struct {
    size_t count;
    counter_probe probes[COUNTER_ID_COUNT];
    counter counters[COUNTER_ID_COUNT]; /* open while probes[i].available */
    const char *access[COUNTER_ID_COUNT];/* counter_access() when it was probed */
    uint64_t tsc_hz_cpuid;              /* 0 when CPUID does not tell */
    unsigned tsc_hz_cpuid_leaf;         /* 0x15, 0x16, or 0 */
} counter_survey;

/* Reads the counter pairs + 1 times in a row into stamps[0..pairs] and
 * summarises the differences (stamps is overwritten). Returns 0, or -1
 * (errno set) when a read failed. pairs >= 1. */
int counter_measure_reads(const counter *c, uint64_t *stamps, size_t pairs, read_figures *out);

/* Tries for counter_read_at(). */
#define READ_AT_TRIES 8

/* Reads the counter between two CLOCK_MONOTONIC_RAW reads, READ_AT_TRIES
 * times, and keeps the narrowest bracket: *at_ns is its midpoint, *width_ns
 * its width. Returns 0, or -1 (errno set) when a read failed. */
int counter_read_at(const counter *c, uint64_t *ticks, uint64_t *at_ns, uint64_t *width_ns);

/* Probes every candidate and chooses one: *chosen is opened and measured,
 * with its reason set; every other counter is closed. Returns 0, or -1 when
 * nothing is available (cannot happen while CLOCK_MONOTONIC_RAW works). */
int counter_survey_run(counter_survey *survey, counter *chosen);

/* The automatic choice without the list. Returns 0 or -1 as above. */
int counter_select_auto(counter *c);

/* Opens and measures exactly `id` (--counter NAME); reason "selected with
 * --counter NAME" (none for pmu-cycles). With probe_rate 0 (time
 * --no-rate-probe) overhead and resolution are measured but the busy rate
 * window is skipped: hz stays 0 with rate_skipped set (clock: 10^9 by
 * definition) and the reason says so. Returns 0, or -1 with the reason in
 * `why`. */
int counter_select_forced(counter *c, counter_id id, int probe_rate, char *why, size_t why_bytes);

/* TSC ticks per second from CPUID leaf 0x15 (crystal × ratio), else leaf
 * 0x16 (base MHz); 0 when neither tells or not on x86-64. *leaf gets 0x15,
 * 0x16 or 0. */
uint64_t tsc_hz_from_cpuid(unsigned *leaf);

/* "counters":[{"name","kind","available","access","hz","overheadTicks","resolutionTicks"},...];
 * an unavailable counter has "reason" instead of the four figures. */
void jl_counter_survey(json_line *j, const counter_survey *survey);

#endif
