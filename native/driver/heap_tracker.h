/* Heap and mmap accounting for one CryptHash call (PROTOCOL.md, `memory`).
 *
 * The driver executable defines malloc, calloc, realloc, reallocarray, free,
 * posix_memalign, aligned_alloc, memalign, valloc, pvalloc, mmap, mmap64 and
 * munmap, and exports them (heap_tracker.dynlist), so a dlopen'd library and
 * glibc itself resolve to them. The allocation functions forward to glibc's
 * __libc_malloc family, mmap/munmap to the next definition (dlsym RTLD_NEXT).
 * While tracking is off each wrapper costs one predictable branch.
 *
 * While tracking is on, every block allocated is remembered with its
 * requested size in a fixed table (touched in heap_tracker_prepare(), so
 * tracking itself adds no resident pages), and the peak of the bytes
 * allocated during the call and live at the same time is kept, both as
 * requested and as glibc's usable size. Frees of blocks allocated before
 * tracking started are ignored. mmap regions the call maps itself are tracked
 * the same way (page-rounded); blocks glibc's malloc serves by mmap are heap,
 * not mmap, because glibc calls its internal mmap. */
#ifndef NGCC_HEAP_TRACKER_H
#define NGCC_HEAP_TRACKER_H

#include "block_table.h"

#include <stdint.h>

typedef struct {
    uint64_t allocations;          /* successful malloc/calloc/realloc/aligned allocations */
    uint64_t frees;                /* frees (and realloc moves) of blocks tracked here */
    uint64_t peak_requested_bytes; /* peak of requested bytes live at once */
    uint64_t peak_usable_bytes;    /* the same blocks' malloc_usable_size, peak */
    uint64_t live_requested_bytes; /* still allocated when tracking stopped */
    uint64_t mmap_calls;
    uint64_t mmap_peak_bytes;      /* peak of page-rounded bytes mapped and not unmapped */
    int table_overflow;            /* over BLOCK_TABLE_MAX_BLOCKS live: peak is an upper bound */
    int mmap_table_overflow;       /* more mmap regions than tracked: mmap peak is an upper bound */
} heap_figures;

/* 1 when this build interposes and forwards the allocator (glibc), else 0:
 * then the figures stay zero and the caller reports heap figures as null. */
int heap_tracker_available(void);

/* Touches the tables and resolves the real mmap/munmap; call before any
 * resident-memory baseline is taken. */
void heap_tracker_prepare(void);

/* Clears the figures and starts counting. */
void heap_tracker_start(void);

/* Stops counting and copies the figures to *out. */
void heap_tracker_stop(heap_figures *out);

#endif
