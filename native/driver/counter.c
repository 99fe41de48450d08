#define _GNU_SOURCE
#include "counter.h"
#include "perf_event_self.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define ADVANCE_LOOP_ROUNDS 200000u

static const char *const counter_names[COUNTER_ID_COUNT] = {"pmu-cycles", "tsc", "cntvct", "clock",
                                                            "tscp"};

int counter_from_name(const char *name, counter_id *id)
{
    size_t i;
    for (i = 0; i < COUNTER_ID_COUNT; i++) {
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

const char *counter_access(const counter *c)
{
    switch (c->id) {
    case COUNTER_PMU_CYCLES:
        return c->pmu_rdpmc ? "rdpmc" : "read";
    case COUNTER_TSC:
        return "lfence-rdtsc-lfence";
    case COUNTER_TSCP:
        return "rdtscp-lfence";
    case COUNTER_CNTVCT:
        return "isb-mrs-cntvct_el0";
    case COUNTER_CLOCK:
        break;
    }
    return "clock_gettime";
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

static uint64_t read_tscp(void)
{
    uint32_t lo;
    uint32_t hi;
    uint32_t aux;
    /* rdtscp waits for earlier instructions itself; lfence holds later ones back. */
    __asm__ __volatile__("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
    (void)aux;
    return ((uint64_t)hi << 32) | lo;
}

/* RDTSCP exists when CPUID 0x80000001 reports EDX bit 27. */
static int cpu_has_rdtscp(void)
{
    uint32_t a, b, c, d;
    __asm__ __volatile__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000000u), "c"(0u));
    if (a < 0x80000001u) {
        return 0;
    }
    __asm__ __volatile__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000001u), "c"(0u));
    return (d >> 27) & 1u;
}

/* Fills `why` and returns -1 when this process may not execute rdtsc/rdtscp. */
static int tsc_usable(counter_id id, char *why, size_t why_bytes)
{
    int mode = 0;
    if (prctl(PR_GET_TSC, &mode, 0, 0, 0) == 0 && mode == PR_TSC_SIGSEGV) {
        snprintf(why, why_bytes, "reading the TSC is disabled for this process (prctl PR_SET_TSC)");
        return -1;
    }
    if (id == COUNTER_TSCP && !cpu_has_rdtscp()) {
        snprintf(why, why_bytes, "this CPU has no RDTSCP instruction (CPUID 0x80000001 EDX bit 27)");
        return -1;
    }
    return 0;
}

static uint64_t read_pmc(uint32_t index)
{
    uint32_t lo;
    uint32_t hi;
    __asm__ __volatile__("rdpmc" : "=a"(lo), "=d"(hi) : "c"(index) : "memory");
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
#endif

static int pmu_read_syscall(int fd, uint64_t *ticks)
{
    errno = 0;
    if (read(fd, ticks, sizeof *ticks) != (ssize_t)sizeof *ticks) {
        if (errno == 0) {
            errno = EIO;
        }
        return -1;
    }
    return 0;
}

#if defined(__x86_64__)
/* Bit 2 of perf_event_mmap_page.capabilities is cap_user_rdpmc. */
#define PERF_CAP_USER_RDPMC ((uint64_t)1 << 2)

/* The seqlock read of the perf mmap page: retry while the kernel updates it.
 * Returns 0, or 1 when the event is not on a hardware counter right now (the
 * caller then uses read()). */
static int pmu_read_page(const counter *c, uint64_t *ticks)
{
    const volatile struct perf_event_mmap_page *page = c->pmu_page;
    uint32_t seq;
    uint64_t count;
    do {
        uint32_t index;
        uint16_t width;
        seq = page->lock;
        __asm__ __volatile__("" : : : "memory");
        index = page->index;
        count = (uint64_t)page->offset;
        if (index == 0 || (page->capabilities & PERF_CAP_USER_RDPMC) == 0) {
            return 1;
        }
        width = page->pmc_width;
        {
            uint64_t pmc = read_pmc(index - 1);
            if (width > 0 && width < 64) {
                /* Sign-extend the width-bit hardware value to 64 bits. */
                uint64_t sign = (uint64_t)1 << (width - 1);
                pmc &= ((uint64_t)1 << width) - 1;
                pmc = (pmc ^ sign) - sign;
            }
            count += pmc;
        }
        __asm__ __volatile__("" : : : "memory");
    } while (page->lock != seq);
    *ticks = count;
    return 0;
}

static sigjmp_buf rdpmc_trial_jump;

static void rdpmc_trial_fault(int sig)
{
    siglongjmp(rdpmc_trial_jump, sig);
}

/* One rdpmc read bracketed by read() calls, with SIGSEGV/SIGILL caught: a
 * kernel that advertises rdpmc but faults it must not kill the driver.
 * Returns 1 when rdpmc works and agrees with read(), else 0. */
static int rdpmc_trial(const counter *c)
{
    struct sigaction catcher;
    struct sigaction old_segv;
    struct sigaction old_ill;
    volatile int works = 0;
    uint64_t before = 0;
    uint64_t middle = 0;
    uint64_t after = 0;
    memset(&catcher, 0, sizeof catcher);
    catcher.sa_handler = rdpmc_trial_fault;
    sigemptyset(&catcher.sa_mask);
    sigaction(SIGSEGV, &catcher, &old_segv);
    sigaction(SIGILL, &catcher, &old_ill);
    if (sigsetjmp(rdpmc_trial_jump, 1) == 0) {
        if (pmu_read_syscall(c->pmu_fd, &before) == 0 && pmu_read_page(c, &middle) == 0 &&
            pmu_read_syscall(c->pmu_fd, &after) == 0 && before <= middle && middle <= after) {
            works = 1;
        }
    }
    sigaction(SIGSEGV, &old_segv, NULL);
    sigaction(SIGILL, &old_ill, NULL);
    return works;
}
#endif

/* Maps the perf metadata page and decides between rdpmc and read(). */
static void pmu_choose_access(counter *c)
{
#if defined(__x86_64__)
    long page_bytes = sysconf(_SC_PAGESIZE);
    void *page;
    c->pmu_rdpmc = 0;
    if (page_bytes <= 0) {
        return;
    }
    page = mmap(NULL, (size_t)page_bytes, PROT_READ, MAP_SHARED, c->pmu_fd, 0);
    if (page == MAP_FAILED) {
        return;
    }
    c->pmu_page = page;
    c->pmu_page_bytes = (size_t)page_bytes;
    if (rdpmc_trial(c)) {
        c->pmu_rdpmc = 1;
        return;
    }
    munmap(page, (size_t)page_bytes);
    c->pmu_page = NULL;
    c->pmu_page_bytes = 0;
#else
    /* AArch64 user access to PMU registers is not implemented: read() only. */
    c->pmu_rdpmc = 0;
#endif
}

static int pmu_open(counter *c, char *why, size_t why_bytes)
{
    int fd = perf_event_open_self(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 1);
    if (fd < 0) {
        snprintf(why, why_bytes, "perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: %s",
                 strerror(errno));
        return -1;
    }
    c->pmu_fd = fd;
    pmu_choose_access(c);
    return 0;
}

static void busy_loop(void)
{
    volatile uint64_t sink = 0;
    uint32_t i;
    for (i = 0; i < ADVANCE_LOOP_ROUNDS; i++) {
        sink += i;
    }
}

static void counter_reset(counter *c, counter_id id)
{
    memset(c, 0, sizeof *c);
    c->id = id;
    c->pmu_fd = -1;
}

int counter_open(counter *c, counter_id id, char *why, size_t why_bytes)
{
    uint64_t before = 0;
    uint64_t after = 0;
    counter_reset(c, id);
    switch (id) {
    case COUNTER_PMU_CYCLES:
        if (pmu_open(c, why, why_bytes) != 0) {
            return -1;
        }
        break;
    case COUNTER_TSC:
    case COUNTER_TSCP:
#if !defined(__x86_64__)
        snprintf(why, why_bytes, "the TSC is only read on x86-64 builds");
        return -1;
#else
        if (tsc_usable(id, why, why_bytes) != 0) {
            return -1;
        }
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
    if (counter_read(c, &before) != 0) {
        snprintf(why, why_bytes, "reading %s failed: %s", counter_name(id), strerror(errno));
        counter_close(c);
        return -1;
    }
    busy_loop();
    if (counter_read(c, &after) != 0) {
        snprintf(why, why_bytes, "reading %s failed: %s", counter_name(id), strerror(errno));
        counter_close(c);
        return -1;
    }
    if (after <= before) {
        if (id == COUNTER_PMU_CYCLES) {
            snprintf(why, why_bytes,
                     "perf_event_open(PERF_COUNT_HW_CPU_CYCLES) opened but the counter did not "
                     "advance over a busy loop (virtualised PMU?)");
        } else {
            snprintf(why, why_bytes, "%s did not advance over a busy loop", counter_name(id));
        }
        counter_close(c);
        return -1;
    }
    return 0;
}

int counter_read(const counter *c, uint64_t *ticks)
{
    switch (c->id) {
    case COUNTER_PMU_CYCLES:
#if defined(__x86_64__)
        if (c->pmu_rdpmc && pmu_read_page(c, ticks) == 0) {
            return 0;
        }
#endif
        return pmu_read_syscall(c->pmu_fd, ticks);
    case COUNTER_TSC:
#if defined(__x86_64__)
        *ticks = read_tsc();
        return 0;
#else
        break;
#endif
    case COUNTER_TSCP:
#if defined(__x86_64__)
        *ticks = read_tscp();
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
    if (c->pmu_page != NULL) {
        munmap(c->pmu_page, c->pmu_page_bytes);
        c->pmu_page = NULL;
        c->pmu_page_bytes = 0;
    }
    if (c->pmu_fd >= 0) {
        close(c->pmu_fd);
        c->pmu_fd = -1;
    }
    c->pmu_rdpmc = 0;
}

static void put_figure(json_line *j, const char *key, int known, uint64_t value)
{
    if (known) {
        jl_u64(j, key, value);
    } else {
        jl_null(j, key);
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
    jl_str(j, "access", counter_access(c));
    if (!c->rate_skipped) {
        put_figure(j, "hz", c->measured && c->hz != 0, c->hz);
    }
    put_figure(j, "overheadTicks", c->measured, c->overhead_ticks);
    put_figure(j, "resolutionTicks", c->measured, c->resolution_ticks);
    jl_object_end(j);
}
