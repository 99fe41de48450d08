/* The warm check after a trial's timed loop (`time` and `op-time`, --warm-check N): up to N more
 * calls, one at a time until N are done or WARM_CHECK_NS have passed, timed together (clock and
 * counter) and never part of the trial's figures. */
#ifndef NGCC_WARM_CHECK_H
#define NGCC_WARM_CHECK_H

#include <stdint.h>

#include "counter.h"
#include "trial_edges.h"

/* Runs `count` calls of the operation; returns how many returned 0 (the first failure's code in *rc). */
typedef uint64_t (*warm_check_calls_fn)(uint64_t count, int *rc);

typedef struct {
    uint64_t done;   /* calls that returned 0 */
    uint64_t wanted; /* calls started (one more than done after a failure) */
    uint64_t ns;     /* CLOCK_MONOTONIC_RAW nanoseconds over the calls */
    uint64_t ticks;  /* counter ticks over the calls */
    int rc;          /* the failing call's return code, 0 when none failed */
} warm_check_result;

/* Whether a timed loop between `before` and `after` leaves a set-up question to ask: it ran less
 * than WARM_CHECK_NS on the CPU (edge_on_cpu_ns: time spent waiting for a CPU on a busy host, or
 * asleep, does not count). A loop that long already is no set-up question worth another call of
 * that length. The one rule `time` and `op-time` both apply. */
int warm_check_due(const loop_edge *before, const loop_edge *after);

/* Sets the crash guard's index per call (the caller sets its phase). Returns 0, or -1 with errno
 * set when the counter could not be read. */
int warm_check_loop(const counter *ctr, uint64_t max_calls, warm_check_calls_fn run_calls, warm_check_result *out);

#endif
