/* Interposed allocator with per-call accounting (heap_tracker.h). */
#define _GNU_SOURCE
#include "heap_tracker.h"

#include "block_table.h"
#include "mmap_tracker.h"
#include "op_peak.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GLIBC__)
#include <malloc.h>
#include <stdlib.h>

/* glibc's own allocator entry points (exported since glibc 2.0). */
extern void *__libc_malloc(size_t bytes);
extern void *__libc_calloc(size_t count, size_t bytes);
extern void *__libc_realloc(void *block, size_t bytes);
extern void __libc_free(void *block);
extern void *__libc_memalign(size_t alignment, size_t bytes);
extern void *__libc_valloc(size_t bytes);
extern void *__libc_pvalloc(size_t bytes);

static uint64_t live_usable_bytes;
static heap_figures figures;
static int tracking;
static char table_lock;

static int tracking_on(void)
{
    return __atomic_load_n(&tracking, __ATOMIC_ACQUIRE);
}

static void lock_table(void)
{
    while (__atomic_test_and_set(&table_lock, __ATOMIC_ACQUIRE)) {
    }
}

static void unlock_table(void)
{
    __atomic_clear(&table_lock, __ATOMIC_RELEASE);
}

static void note_block(void *block, size_t requested_bytes)
{
    size_t usable_bytes = malloc_usable_size(block);
    lock_table();
    figures.allocations++;
    figures.live_requested_bytes += requested_bytes;
    live_usable_bytes += usable_bytes;
    if (figures.live_requested_bytes > figures.peak_requested_bytes) {
        figures.peak_requested_bytes = figures.live_requested_bytes;
    }
    if (live_usable_bytes > figures.peak_usable_bytes) {
        figures.peak_usable_bytes = live_usable_bytes;
    }
    if (block_table_add((uintptr_t)block, requested_bytes, usable_bytes) != 0) {
        figures.table_overflow = 1;
    }
    unlock_table();
}

/* Forgets a block that is being freed; blocks from before tracking are not in the table. */
static void forget_block(void *block)
{
    size_t requested_bytes;
    size_t usable_bytes;
    lock_table();
    if (block_table_take((uintptr_t)block, &requested_bytes, &usable_bytes)) {
        figures.live_requested_bytes -= requested_bytes;
        live_usable_bytes -= usable_bytes;
        figures.frees++;
    }
    unlock_table();
}

void *malloc(size_t bytes)
{
    void *block = __libc_malloc(bytes);
    if (block != NULL && tracking_on()) {
        note_block(block, bytes);
    }
    return block;
}

void *calloc(size_t count, size_t bytes)
{
    void *block = __libc_calloc(count, bytes);
    /* A non-NULL result means count * bytes did not overflow. */
    if (block != NULL && tracking_on()) {
        note_block(block, count * bytes);
    }
    return block;
}

void *realloc(void *old_block, size_t bytes)
{
    void *block;
    if (!tracking_on()) {
        return __libc_realloc(old_block, bytes);
    }
    op_peak_sample(); /* resident memory may fall inside realloc */
    block = __libc_realloc(old_block, bytes);
    if (block == NULL && bytes != 0) {
        return NULL; /* failed: the old block is unchanged */
    }
    /* The old block is gone (moved, resized in place, or freed by size 0):
     * its address is only used as a table key here. */
    if (old_block != NULL) {
        forget_block(old_block);
    }
    if (block != NULL) {
        note_block(block, bytes);
    }
    return block;
}

void *reallocarray(void *old_block, size_t count, size_t bytes)
{
    if (bytes != 0 && count > SIZE_MAX / bytes) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(old_block, count * bytes);
}

void free(void *block)
{
    if (block != NULL && tracking_on()) {
        op_peak_sample(); /* resident memory may fall inside free */
        forget_block(block);
    }
    __libc_free(block);
}

static void *tracked_aligned(void *block, size_t bytes)
{
    if (block != NULL && tracking_on()) {
        note_block(block, bytes);
    }
    return block;
}

int posix_memalign(void **result, size_t alignment, size_t bytes)
{
    void *block;
    /* POSIX: a power of two that is a multiple of sizeof(void *). */
    if (alignment == 0 || alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    block = tracked_aligned(__libc_memalign(alignment, bytes), bytes);
    if (block == NULL) {
        return ENOMEM;
    }
    *result = block;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t bytes)
{
    return tracked_aligned(__libc_memalign(alignment, bytes), bytes);
}

void *memalign(size_t alignment, size_t bytes)
{
    return tracked_aligned(__libc_memalign(alignment, bytes), bytes);
}

void *valloc(size_t bytes)
{
    return tracked_aligned(__libc_valloc(bytes), bytes);
}

void *pvalloc(size_t bytes)
{
    return tracked_aligned(__libc_pvalloc(bytes), bytes);
}

int heap_tracker_available(void)
{
    return 1;
}

void heap_tracker_prepare(void)
{
    block_table_clear();
    mmap_tracker_prepare();
}

void heap_tracker_start(void)
{
    lock_table();
    memset(&figures, 0, sizeof figures);
    live_usable_bytes = 0;
    unlock_table();
    mmap_tracker_start();
    __atomic_store_n(&tracking, 1, __ATOMIC_RELEASE);
}

void heap_tracker_stop(heap_figures *out)
{
    __atomic_store_n(&tracking, 0, __ATOMIC_RELEASE);
    mmap_tracker_stop(&out->mmap_calls, &out->mmap_peak_bytes, &out->mmap_table_overflow);
    lock_table();
    out->allocations = figures.allocations;
    out->frees = figures.frees;
    out->peak_requested_bytes = figures.peak_requested_bytes;
    out->peak_usable_bytes = figures.peak_usable_bytes;
    out->live_requested_bytes = figures.live_requested_bytes;
    out->table_overflow = figures.table_overflow;
    /* Entries left from this call would otherwise match a later tracking run. */
    block_table_clear();
    unlock_table();
}

#else /* not glibc: no forwarding allocator, so nothing is interposed */

int heap_tracker_available(void)
{
    return 0;
}

void heap_tracker_prepare(void)
{
}

void heap_tracker_start(void)
{
}

void heap_tracker_stop(heap_figures *out)
{
    memset(out, 0, sizeof *out);
}

#endif
