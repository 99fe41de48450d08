/* Interposed mmap/munmap with per-call accounting (mmap_tracker.h). */
#define _GNU_SOURCE
#include "mmap_tracker.h"

#include "op_peak.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__GLIBC__) && defined(__LP64__) && defined(SYS_mmap) && defined(SYS_munmap)

typedef struct {
    uintptr_t start; /* start == end: free slot */
    uintptr_t end;
} mapped_region;

static mapped_region regions[MMAP_TRACKER_REGIONS];
static uint64_t live_bytes;
static uint64_t peak_bytes_seen;
static uint64_t calls_seen;
static int overflow_seen;
static int tracking;
static char region_lock;
static uintptr_t page_bytes = 4096;

static int tracking_on(void)
{
    return __atomic_load_n(&tracking, __ATOMIC_ACQUIRE);
}

static void lock_regions(void)
{
    while (__atomic_test_and_set(&region_lock, __ATOMIC_ACQUIRE)) {
    }
}

static void unlock_regions(void)
{
    __atomic_clear(&region_lock, __ATOMIC_RELEASE);
}

static mapped_region *free_region(void)
{
    size_t i;
    for (i = 0; i < MMAP_TRACKER_REGIONS; i++) {
        if (regions[i].start == regions[i].end) {
            return &regions[i];
        }
    }
    return NULL;
}

/* Subtracts [start, end) from the tracked regions (caller holds the lock). */
static void forget_range(uintptr_t start, uintptr_t end)
{
    size_t i;
    for (i = 0; i < MMAP_TRACKER_REGIONS; i++) {
        mapped_region *r = &regions[i];
        uintptr_t lo = start > r->start ? start : r->start;
        uintptr_t hi = end < r->end ? end : r->end;
        if (r->start == r->end || lo >= hi) {
            continue;
        }
        live_bytes -= hi - lo;
        if (lo == r->start && hi == r->end) {
            r->start = r->end = 0;
        } else if (lo == r->start) {
            r->start = hi;
        } else if (hi == r->end) {
            r->end = lo;
        } else {
            /* A hole in the middle: the right part needs its own slot. */
            mapped_region *right = free_region();
            if (right != NULL) {
                right->start = hi;
                right->end = r->end;
            } else {
                overflow_seen = 1;
            }
            r->end = lo;
        }
    }
}

static uintptr_t round_to_pages(uintptr_t bytes)
{
    return (bytes + page_bytes - 1) / page_bytes * page_bytes;
}

static void note_map(void *address, size_t len_bytes)
{
    uintptr_t start = (uintptr_t)address;
    uintptr_t end = start + round_to_pages(len_bytes);
    mapped_region *slot;
    lock_regions();
    calls_seen++;
    forget_range(start, end); /* MAP_FIXED replaces what was there */
    slot = free_region();
    if (slot != NULL) {
        slot->start = start;
        slot->end = end;
    } else {
        overflow_seen = 1;
    }
    live_bytes += end - start;
    if (live_bytes > peak_bytes_seen) {
        peak_bytes_seen = live_bytes;
    }
    unlock_regions();
}

void *mmap(void *address, size_t len_bytes, int prot, int flags, int fd, off_t offset)
{
    long result = syscall(SYS_mmap, address, len_bytes, (long)prot, (long)flags, (long)fd,
                          (long)offset);
    void *mapped = result == -1 ? MAP_FAILED : (void *)result;
    if (mapped != MAP_FAILED && tracking_on()) {
        note_map(mapped, len_bytes);
    }
    return mapped;
}

void *mmap64(void *address, size_t len_bytes, int prot, int flags, int fd, off_t offset)
{
    return mmap(address, len_bytes, prot, flags, fd, offset);
}

int munmap(void *address, size_t len_bytes)
{
    long result;
    if (tracking_on()) {
        op_peak_sample(); /* resident memory falls now */
    }
    result = syscall(SYS_munmap, address, len_bytes);
    if (result == 0 && tracking_on()) {
        uintptr_t start = (uintptr_t)address;
        lock_regions();
        forget_range(start, start + round_to_pages(len_bytes));
        unlock_regions();
    }
    return result == 0 ? 0 : -1;
}

int mmap_tracker_available(void)
{
    return 1;
}

void mmap_tracker_prepare(void)
{
    long page = sysconf(_SC_PAGESIZE);
    if (page > 0) {
        page_bytes = (uintptr_t)page;
    }
    memset(regions, 0, sizeof regions);
}

void mmap_tracker_start(void)
{
    lock_regions();
    memset(regions, 0, sizeof regions);
    live_bytes = 0;
    peak_bytes_seen = 0;
    calls_seen = 0;
    overflow_seen = 0;
    unlock_regions();
    __atomic_store_n(&tracking, 1, __ATOMIC_RELEASE);
}

void mmap_tracker_stop(uint64_t *calls, uint64_t *peak_bytes, int *table_overflow)
{
    __atomic_store_n(&tracking, 0, __ATOMIC_RELEASE);
    lock_regions();
    *calls = calls_seen;
    *peak_bytes = peak_bytes_seen;
    *table_overflow = overflow_seen;
    unlock_regions();
}

#else /* mmap is not interposed in this build */

int mmap_tracker_available(void)
{
    return 0;
}

void mmap_tracker_prepare(void)
{
}

void mmap_tracker_start(void)
{
}

void mmap_tracker_stop(uint64_t *calls, uint64_t *peak_bytes, int *table_overflow)
{
    *calls = 0;
    *peak_bytes = 0;
    *table_overflow = 0;
}

#endif
