#include "warm_check.h"

#include "crash_guard.h"
#include "time_options.h"

int warm_check_due(const loop_edge *before, const loop_edge *after)
{
    return edge_on_cpu_ns(before, after) < WARM_CHECK_NS;
}

int warm_check_loop(const counter *ctr, uint64_t max_calls, warm_check_calls_fn run_calls, warm_check_result *out)
{
    uint64_t ticks_before = 0;
    uint64_t ticks_after = 0;
    uint64_t ns_before;
    out->done = 0;
    out->rc = 0;
    ns_before = clock_raw_ns();
    if (counter_read(ctr, &ticks_before) != 0) {
        return -1;
    }
    for (out->wanted = 0; out->wanted < max_calls; out->wanted++) {
        if (out->wanted > 0 && clock_raw_ns() - ns_before >= WARM_CHECK_NS) {
            break;
        }
        crash_guard_set_index(out->wanted);
        if (run_calls(1, &out->rc) != 1) {
            out->wanted++;
            break;
        }
        out->done++;
    }
    if (counter_read(ctr, &ticks_after) != 0) {
        return -1;
    }
    out->ns = clock_raw_ns() - ns_before;
    out->ticks = ticks_after - ticks_before;
    return 0;
}
