#include "counter_choice.h"

#include <stdio.h>
#include <string.h>

int counter_auto_eligible(counter_id id)
{
    return id != COUNTER_TSCP;
}

/* 0 core cycles, 1 hardware fixed-rate, 2 clock: lower is better. */
static int rank_of(counter_id id)
{
    if (id == COUNTER_PMU_CYCLES) {
        return 0;
    }
    return id == COUNTER_CLOCK ? 2 : 1;
}

static double nanoseconds_of(uint64_t ticks, uint64_t hz)
{
    return (double)ticks * 1e9 / (double)hz;
}

static void append_reason(counter_choice *choice, const char *text)
{
    size_t used = strlen(choice->reason);
    snprintf(choice->reason + used, sizeof choice->reason - used, "%s%s", used > 0 ? "; " : "",
             text);
}

/* Fills `why` and returns 1 when `p` is much worse than `clock` (see the header). */
static int passed_over(const counter_probe *p, const counter_probe *clock, char *why, size_t why_bytes)
{
    double read_ns;
    double clock_read_ns;
    double step_ns;
    double clock_step_ns;
    if (clock == NULL || p->hz == 0 || clock->hz == 0) {
        return 0;
    }
    read_ns = nanoseconds_of(p->overhead_ticks, p->hz);
    clock_read_ns = nanoseconds_of(clock->overhead_ticks, clock->hz);
    if (read_ns > CHOICE_WORSE_FACTOR * clock_read_ns) {
        snprintf(why, why_bytes,
                 "%s passed over: a read costs %.1f ns, more than %d x the %.1f ns of clock (is the "
                 "instruction trapped by a hypervisor?)",
                 counter_name(p->id), read_ns, CHOICE_WORSE_FACTOR, clock_read_ns);
        return 1;
    }
    step_ns = nanoseconds_of(p->resolution_ticks, p->hz);
    clock_step_ns = nanoseconds_of(clock->resolution_ticks, clock->hz);
    if (step_ns > CHOICE_WORSE_FACTOR * clock_step_ns) {
        snprintf(why, why_bytes,
                 "%s passed over: its resolution is %.1f ns, more than %d x the %.1f ns of clock",
                 counter_name(p->id), step_ns, CHOICE_WORSE_FACTOR, clock_step_ns);
        return 1;
    }
    return 0;
}

static int pick_core_cycles(const counter_probe *probes, size_t count)
{
    int best = -1;
    size_t i;
    for (i = 0; i < count; i++) {
        if (probes[i].available && rank_of(probes[i].id) == 0 &&
            (best < 0 || probes[i].overhead_ticks < probes[best].overhead_ticks)) {
            best = (int)i;
        }
    }
    return best;
}

static const counter_probe *find_clock(const counter_probe *probes, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) {
        if (probes[i].id == COUNTER_CLOCK && probes[i].available) {
            return &probes[i];
        }
    }
    return NULL;
}

/* The sentence for an unavailable candidate that ranked above the choice. */
static void note_unavailable(const counter_probe *p, counter_choice *choice)
{
    char text[sizeof p->reason + 64];
    if (p->id == COUNTER_PMU_CYCLES) {
        /* Its reason already names the PMU (kept as in earlier drivers). */
        append_reason(choice, p->reason);
        return;
    }
    snprintf(text, sizeof text, "%s unavailable: %s", counter_name(p->id), p->reason);
    append_reason(choice, text);
}

int counter_choose(const counter_probe *probes, size_t count, counter_choice *choice)
{
    const counter_probe *clock = find_clock(probes, count);
    char why[256];
    size_t i;
    choice->reason[0] = '\0';
    choice->index = pick_core_cycles(probes, count);
    if (choice->index >= 0) {
        return 0;
    }
    for (i = 0; i < count; i++) {
        if (!probes[i].available && rank_of(probes[i].id) == 0) {
            note_unavailable(&probes[i], choice);
        }
    }
    /* Hardware fixed-rate counters in the order given: the first good one wins. */
    for (i = 0; i < count; i++) {
        const counter_probe *p = &probes[i];
        if (rank_of(p->id) != 1 || !counter_auto_eligible(p->id)) {
            continue;
        }
        if (!p->available) {
            note_unavailable(p, choice);
            continue;
        }
        if (passed_over(p, clock, why, sizeof why)) {
            append_reason(choice, why);
            continue;
        }
        choice->index = (int)i;
        return 0;
    }
    if (clock != NULL) {
        choice->index = (int)(clock - probes);
        if (choice->reason[0] == '\0') {
            append_reason(choice, "this build has no fixed-rate tick counter");
        }
        return 0;
    }
    return -1;
}
