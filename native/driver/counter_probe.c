#define _GNU_SOURCE
#include "counter_probe.h"

#include "sample_stats.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* A bracket of clock reads around one counter read wider than this means the
 * process was interrupted even in the narrowest of READ_AT_TRIES; the rate
 * window is then measured again. */
#define RATE_BRACKET_MAX_NS 2000u
#define RATE_ATTEMPTS 3

static const counter_id build_candidates[] = {
    COUNTER_PMU_CYCLES,
#if defined(__x86_64__)
    COUNTER_TSC,
    COUNTER_TSCP,
#endif
#if defined(__aarch64__)
    COUNTER_CNTVCT,
#endif
    COUNTER_CLOCK,
};

int counter_measure_reads(const counter *c, uint64_t *stamps, size_t pairs, read_figures *out)
{
    sample_quartiles q;
    size_t i;
    for (i = 0; i <= pairs; i++) {
        if (counter_read(c, &stamps[i]) != 0) {
            return -1;
        }
    }
    out->backwards = stamps_to_differences(stamps, pairs);
    quartiles_u64(stamps, pairs, &q);
    out->overhead_ticks = q.median;
    out->resolution_ticks = q.smallest_nonzero;
    return 0;
}

int counter_read_at(const counter *c, uint64_t *ticks, uint64_t *at_ns, uint64_t *width_ns)
{
    uint64_t best_width = UINT64_MAX;
    int tries;
    for (tries = 0; tries < READ_AT_TRIES; tries++) {
        uint64_t ticks_now;
        uint64_t before = clock_raw_ns();
        uint64_t after;
        if (counter_read(c, &ticks_now) != 0) {
            return -1;
        }
        after = clock_raw_ns();
        if (after - before < best_width) {
            best_width = after - before;
            *ticks = ticks_now;
            *at_ns = before + best_width / 2;
        }
    }
    *width_ns = best_width;
    return 0;
}

/* One busy window shared by `n` counters: sets each one's hz (0 when it did
 * not advance). Returns the widest bracket seen. */
static uint64_t rate_window(counter *const *cs, size_t n, uint64_t window_ns)
{
    uint64_t start_ticks[COUNTER_ID_COUNT];
    uint64_t start_ns[COUNTER_ID_COUNT];
    uint64_t widest = 0;
    uint64_t until;
    size_t k;
    for (k = 0; k < n; k++) {
        uint64_t width = UINT64_MAX;
        if (counter_read_at(cs[k], &start_ticks[k], &start_ns[k], &width) != 0) {
            start_ticks[k] = UINT64_MAX; /* marks "no rate" below */
        }
        widest = width > widest ? width : widest;
    }
    until = clock_raw_ns() + window_ns;
    while (clock_raw_ns() < until) {
        /* busy: the core stays awake and in user mode */
    }
    for (k = 0; k < n; k++) {
        uint64_t end_ticks = 0;
        uint64_t end_ns = 0;
        uint64_t width = UINT64_MAX;
        if (counter_read_at(cs[k], &end_ticks, &end_ns, &width) != 0) {
            end_ticks = 0;
        }
        widest = width > widest ? width : widest;
        if (end_ticks <= start_ticks[k] || end_ns <= start_ns[k]) {
            cs[k]->hz = 0;
        } else {
            double hz = (double)(end_ticks - start_ticks[k]) * 1e9 / (double)(end_ns - start_ns[k]);
            cs[k]->hz = (uint64_t)(hz + 0.5);
        }
    }
    return widest;
}

/* Sets hz of the counters: clock by definition, the others measured. */
static void measure_rates(counter *const *cs, size_t n)
{
    counter *timed[COUNTER_ID_COUNT];
    size_t m = 0;
    size_t k;
    int attempt;
    for (k = 0; k < n; k++) {
        if (cs[k]->id == COUNTER_CLOCK) {
            cs[k]->hz = 1000000000u;
        } else {
            timed[m++] = cs[k];
        }
    }
    if (m == 0) {
        return;
    }
    for (attempt = 0; attempt < RATE_ATTEMPTS; attempt++) {
        if (rate_window(timed, m, PROBE_RATE_WINDOW_NS) <= RATE_BRACKET_MAX_NS) {
            break;
        }
    }
}

/* Overhead and resolution of an open counter; closes it and fills `why` when
 * it went backwards or a read failed. */
static int measure_reads_or_close(counter *c, char *why, size_t why_bytes)
{
    uint64_t stamps[PROBE_READ_PAIRS + 1];
    read_figures figures;
    /* The first pass warms caches and branch predictors; the second counts. */
    if (counter_measure_reads(c, stamps, 64, &figures) != 0 ||
        counter_measure_reads(c, stamps, PROBE_READ_PAIRS, &figures) != 0) {
        snprintf(why, why_bytes, "reading %s failed: %s", counter_name(c->id), strerror(errno));
        counter_close(c);
        return -1;
    }
    if (figures.backwards > 0) {
        snprintf(why, why_bytes, "%s went backwards in %zu of %u back-to-back reads",
                 counter_name(c->id), figures.backwards, PROBE_READ_PAIRS);
        counter_close(c);
        return -1;
    }
    c->overhead_ticks = figures.overhead_ticks;
    c->resolution_ticks = figures.resolution_ticks;
    return 0;
}

static void probe_from_counter(counter_probe *p, const counter *c)
{
    p->available = 1;
    p->overhead_ticks = c->overhead_ticks;
    p->resolution_ticks = c->resolution_ticks;
    p->hz = c->hz;
    p->reason[0] = '\0';
}

static void open_candidates(counter_survey *s, counter **open_ones, size_t *n_open)
{
    size_t i;
    *n_open = 0;
    s->count = sizeof build_candidates / sizeof build_candidates[0];
    for (i = 0; i < s->count; i++) {
        counter_probe *p = &s->probes[i];
        counter *c = &s->counters[i];
        memset(p, 0, sizeof *p);
        p->id = build_candidates[i];
        s->access[i] = NULL;
        if (counter_open(c, p->id, p->reason, sizeof p->reason) != 0 ||
            measure_reads_or_close(c, p->reason, sizeof p->reason) != 0) {
            continue;
        }
        p->available = 1;
        s->access[i] = counter_access(c);
        open_ones[(*n_open)++] = c;
    }
}

int counter_survey_run(counter_survey *s, counter *chosen)
{
    counter *open_ones[COUNTER_ID_COUNT];
    counter_choice choice;
    size_t n_open;
    size_t i;
    s->tsc_hz_cpuid = tsc_hz_from_cpuid(&s->tsc_hz_cpuid_leaf);
    open_candidates(s, open_ones, &n_open);
    measure_rates(open_ones, n_open);
    for (i = 0; i < s->count; i++) {
        counter *c = &s->counters[i];
        if (!s->probes[i].available) {
            continue;
        }
        c->measured = 1;
        if (c->hz == 0) {
            snprintf(s->probes[i].reason, sizeof s->probes[i].reason,
                     "%s did not advance over a %u ms window", counter_name(c->id),
                     PROBE_RATE_WINDOW_NS / 1000000u);
            s->probes[i].available = 0;
            counter_close(c);
            continue;
        }
        probe_from_counter(&s->probes[i], c);
    }
    if (counter_choose(s->probes, s->count, &choice) != 0) {
        return -1;
    }
    for (i = 0; i < s->count; i++) {
        if ((int)i == choice.index) {
            *chosen = s->counters[i];
            snprintf(chosen->reason, sizeof chosen->reason, "%s", choice.reason);
        } else if (s->probes[i].available) {
            counter_close(&s->counters[i]);
        }
    }
    return 0;
}

int counter_select_auto(counter *c)
{
    static counter_survey survey;
    return counter_survey_run(&survey, c);
}

int counter_select_forced(counter *c, counter_id id, int probe_rate, char *why, size_t why_bytes)
{
    counter *one = c;
    if (counter_open(c, id, why, why_bytes) != 0 || measure_reads_or_close(c, why, why_bytes) != 0) {
        return -1;
    }
    if (!probe_rate) {
        /* No busy window: the caller divides the trial's ticks by its nanoseconds.
         * clock needs none anyway (10^9 by definition). */
        c->measured = 1;
        if (id == COUNTER_CLOCK) {
            c->hz = 1000000000u;
            snprintf(c->reason, sizeof c->reason, "selected with --counter clock; its rate is 10^9 by "
                     "definition, so --no-rate-probe skipped nothing");
            return 0;
        }
        c->hz = 0;
        c->rate_skipped = 1;
        snprintf(c->reason, sizeof c->reason,
                 "%s%s%srate not probed (--no-rate-probe): ticks per second = the trial's ticks / "
                 "its nanoseconds",
                 id != COUNTER_PMU_CYCLES ? "selected with --counter " : "",
                 id != COUNTER_PMU_CYCLES ? counter_name(id) : "", id != COUNTER_PMU_CYCLES ? "; " : "");
        return 0;
    }
    measure_rates(&one, 1);
    if (c->hz == 0) {
        snprintf(why, why_bytes, "%s did not advance over a %u ms window", counter_name(id),
                 PROBE_RATE_WINDOW_NS / 1000000u);
        counter_close(c);
        return -1;
    }
    c->measured = 1;
    if (id != COUNTER_PMU_CYCLES) {
        /* The reason says why no better counter was taken; none is better than the PMU. */
        snprintf(c->reason, sizeof c->reason, "selected with --counter %s", counter_name(id));
    }
    return 0;
}

#if defined(__x86_64__)
static void cpuid(uint32_t leaf, uint32_t regs[4])
{
    __asm__ __volatile__("cpuid"
                         : "=a"(regs[0]), "=b"(regs[1]), "=c"(regs[2]), "=d"(regs[3])
                         : "a"(leaf), "c"(0u));
}
#endif

uint64_t tsc_hz_from_cpuid(unsigned *leaf)
{
#if defined(__x86_64__)
    uint32_t regs[4];
    uint32_t max_leaf;
    cpuid(0, regs);
    max_leaf = regs[0];
    if (max_leaf >= 0x15u) {
        cpuid(0x15u, regs);
        /* EAX denominator, EBX numerator of TSC/crystal; ECX crystal Hz. */
        if (regs[0] != 0 && regs[1] != 0 && regs[2] != 0) {
            *leaf = 0x15u;
            return (uint64_t)regs[2] * regs[1] / regs[0];
        }
    }
    if (max_leaf >= 0x16u) {
        cpuid(0x16u, regs);
        /* EAX[15:0]: processor base frequency in MHz. */
        if ((regs[0] & 0xFFFFu) != 0) {
            *leaf = 0x16u;
            return (uint64_t)(regs[0] & 0xFFFFu) * 1000000u;
        }
    }
#endif
    *leaf = 0;
    return 0;
}

void jl_counter_survey(json_line *j, const counter_survey *s)
{
    size_t i;
    jl_array_begin(j, "counters");
    for (i = 0; i < s->count; i++) {
        const counter_probe *p = &s->probes[i];
        jl_elem_object_begin(j);
        jl_str(j, "name", counter_name(p->id));
        jl_str(j, "kind", counter_kind(p->id));
        jl_bool(j, "available", p->available);
        if (!p->available) {
            /* No figures at all (rather than nulls): parsers treat them as optional. */
            jl_str(j, "reason", p->reason);
        } else {
            jl_str(j, "access", s->access[i]);
            jl_u64(j, "hz", p->hz);
            jl_u64(j, "overheadTicks", p->overhead_ticks);
            jl_u64(j, "resolutionTicks", p->resolution_ticks);
        }
        jl_object_end(j);
    }
    jl_array_end(j);
}
