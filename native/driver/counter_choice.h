/* Which counter wins, given what probing found (PROTOCOL.md, "Counters").
 * Pure: no I/O, no clocks, so the rule can be tested with canned probe
 * results (`ngcc-perf-driver select-counter-selftest`).
 *
 * The rule, in order:
 *  1. An available core-cycles counter (pmu-cycles) wins; among several, the
 *     one with the smallest read overhead in ticks.
 *  2. Else the first available hardware fixed-rate counter that may be chosen
 *     automatically (tsc, cntvct; tscp only ever by --counter), unless `clock`
 *     is available and the hardware counter is much worse than it: a read
 *     costing more than CHOICE_WORSE_FACTOR times clock's in nanoseconds
 *     (a read trapped by a hypervisor), or a resolution more than
 *     CHOICE_WORSE_FACTOR times coarser in nanoseconds. Such a counter is
 *     "passed over".
 *  3. Else clock.
 * The reason names every better-ranked candidate that was not taken and why.
 */
#ifndef NGCC_COUNTER_CHOICE_H
#define NGCC_COUNTER_CHOICE_H

#include "counter.h"

#include <stddef.h>
#include <stdint.h>

#define CHOICE_WORSE_FACTOR 4

/* What probing found out about one candidate. */
typedef struct {
    counter_id id;
    int available;
    uint64_t overhead_ticks;   /* median difference of back-to-back reads */
    uint64_t resolution_ticks; /* smallest non-zero difference */
    uint64_t hz;               /* ticks per second; 0 unknown */
    char reason[384];          /* why it is unavailable; empty when available */
} counter_probe;

typedef struct {
    int index;          /* into the probes; -1 when none is available */
    char reason[1024];  /* why better-ranked candidates were not taken; empty when none */
} counter_choice;

/* 1 when the automatic choice may take this counter (every id but tscp). */
int counter_auto_eligible(counter_id id);

/* Applies the rule above. Returns 0, or -1 (choice->index = -1) when no
 * candidate may be chosen. */
int counter_choose(const counter_probe *probes, size_t count, counter_choice *choice);

#endif
