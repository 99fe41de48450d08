#define _GNU_SOURCE
#include "counter.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define PMU_PROBE_LOOP_ROUNDS 200000u

static const char *const counter_names[] = {"pmu-cycles", "tsc", "cntvct", "clock"};

int counter_from_name(const char *name, counter_id *id)
{
    size_t i;
    for (i = 0; i < sizeof counter_names / sizeof counter_names[0]; i++) {
        if (strcmp(name, counter_names[i]) == 0) {
            *id = (counter_id)i;
            return 0;
        }
    }
    return -1;
}

const char *counter_name(counter_id id)
{
    return counter_names[id];
}

const char *counter_kind(counter_id id)
{
    return id == COUNTER_PMU_CYCLES ? "core-cycles" : "fixed-rate";
}

uint64_t clock_raw_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__)
static uint64_t read_tsc(void)
{
    uint32_t lo;
    uint32_t hi;
    /* lfence before: earlier instructions have completed; after: later ones wait. */
    __asm__ __volatile__("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}
#endif

#if defined(__aarch64__)
static uint64_t read_cntvct(void)
{
    uint64_t ticks;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks) : : "memory");
    return ticks;
}

static uint64_t read_cntfrq(void)
{
    uint64_t hz;
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(hz));
    return hz;
}
#endif

static void busy_loop(void)
{
    volatile uint64_t sink = 0;
    uint32_t i;
    for (i = 0; i < PMU_PROBE_LOOP_ROUNDS; i++) {
        sink += i;
    }
}

/* Opens the PMU cycle counter and checks that it advances. Returns the
 * descriptor, or -1 with the reason in `why`. */
static int pmu_open(char *why, size_t why_bytes)
{
    struct perf_event_attr attr;
    uint64_t before = 0;
    uint64_t after = 0;
    long fd;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_bytes, "perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: %s",
                 strerror(errno));
        return -1;
    }
    if (read((int)fd, &before, sizeof before) != (ssize_t)sizeof before) {
        snprintf(why, why_bytes, "reading the PMU cycle counter failed: %s",
                 strerror(errno != 0 ? errno : EIO));
        close((int)fd);
        return -1;
    }
    busy_loop();
    if (read((int)fd, &after, sizeof after) != (ssize_t)sizeof after) {
        snprintf(why, why_bytes, "reading the PMU cycle counter failed: %s",
                 strerror(errno != 0 ? errno : EIO));
        close((int)fd);
        return -1;
    }
    if (after <= before) {
        snprintf(why, why_bytes,
                 "perf_event_open(PERF_COUNT_HW_CPU_CYCLES) opened but the counter did not advance "
                 "over a busy loop (virtualised PMU?)");
        close((int)fd);
        return -1;
    }
    return (int)fd;
}

static void counter_init(counter *c, counter_id id)
{
    c->id = id;
    c->pmu_fd = -1;
    c->hz = 0;
    c->reason[0] = '\0';
    if (id == COUNTER_CLOCK) {
        c->hz = 1000000000u;
    }
#if defined(__aarch64__)
    if (id == COUNTER_CNTVCT) {
        c->hz = read_cntfrq();
    }
#endif
}

void counter_select_auto(counter *c)
{
    char why[sizeof c->reason];
    int fd = pmu_open(why, sizeof why);
    if (fd >= 0) {
        counter_init(c, COUNTER_PMU_CYCLES);
        c->pmu_fd = fd;
        return;
    }
#if defined(__x86_64__)
    counter_init(c, COUNTER_TSC);
    snprintf(c->reason, sizeof c->reason, "%s", why);
#elif defined(__aarch64__)
    counter_init(c, COUNTER_CNTVCT);
    snprintf(c->reason, sizeof c->reason, "%s", why);
#else
    counter_init(c, COUNTER_CLOCK);
    snprintf(c->reason, sizeof c->reason, "%s; this build has no fixed-rate tick counter", why);
#endif
}

int counter_select_forced(counter *c, counter_id id, char *why, size_t why_bytes)
{
    int fd;
    switch (id) {
    case COUNTER_PMU_CYCLES:
        fd = pmu_open(why, why_bytes);
        if (fd < 0) {
            return -1;
        }
        counter_init(c, id);
        c->pmu_fd = fd;
        return 0;
    case COUNTER_TSC:
#if !defined(__x86_64__)
        snprintf(why, why_bytes, "the TSC is only read on x86-64 builds");
        return -1;
#else
        break;
#endif
    case COUNTER_CNTVCT:
#if !defined(__aarch64__)
        snprintf(why, why_bytes, "CNTVCT_EL0 is only read on AArch64 builds");
        return -1;
#else
        break;
#endif
    case COUNTER_CLOCK:
        break;
    }
    counter_init(c, id);
    snprintf(c->reason, sizeof c->reason, "selected with --counter %s", counter_name(id));
    return 0;
}

int counter_read(const counter *c, uint64_t *ticks)
{
    switch (c->id) {
    case COUNTER_PMU_CYCLES:
        if (read(c->pmu_fd, ticks, sizeof *ticks) != (ssize_t)sizeof *ticks) {
            if (errno == 0) {
                errno = EIO;
            }
            return -1;
        }
        return 0;
    case COUNTER_TSC:
#if defined(__x86_64__)
        *ticks = read_tsc();
        return 0;
#else
        break;
#endif
    case COUNTER_CNTVCT:
#if defined(__aarch64__)
        *ticks = read_cntvct();
        return 0;
#else
        break;
#endif
    case COUNTER_CLOCK:
        *ticks = clock_raw_ns();
        return 0;
    }
    errno = ENOTSUP;
    return -1;
}

void counter_close(counter *c)
{
    if (c->pmu_fd >= 0) {
        close(c->pmu_fd);
        c->pmu_fd = -1;
    }
}

void jl_counter(json_line *j, const counter *c)
{
    jl_object_begin(j, "counter");
    jl_str(j, "name", counter_name(c->id));
    jl_str(j, "kind", counter_kind(c->id));
    if (c->reason[0] != '\0') {
        jl_str(j, "reason", c->reason);
    }
    if (c->hz != 0) {
        jl_u64(j, "hz", c->hz);
    }
    jl_object_end(j);
}
