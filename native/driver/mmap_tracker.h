/* mmap accounting for one CryptHash call (part of heap_tracker, PROTOCOL.md `memory`).
 *
 * The driver defines mmap, mmap64 and munmap (exported with the allocator,
 * see heap_tracker.dynlist) and makes the system calls itself. While
 * tracking is on, every region mapped is remembered, page-rounded, and the
 * peak of the bytes mapped and not yet unmapped is kept; munmap (also of a
 * part of a region) and MAP_FIXED replacements subtract what they remove.
 * glibc's malloc maps its large blocks with an internal mmap that is not
 * seen here: those blocks count as heap. mremap and raw syscall(SYS_mmap)
 * calls are not seen either. */
#ifndef NGCC_MMAP_TRACKER_H
#define NGCC_MMAP_TRACKER_H

#include <stdint.h>

/* Separate mmap regions that can be tracked at once. */
#define MMAP_TRACKER_REGIONS 64u

/* 1 when mmap and munmap are interposed in this build (glibc, 64-bit Linux). */
int mmap_tracker_available(void);

/* Reads the page size and touches the region table. */
void mmap_tracker_prepare(void);

/* Clears the figures and starts counting. */
void mmap_tracker_start(void);

/* Stops counting: mmap calls seen, peak of page-rounded live bytes, and
 * whether the region table overflowed (then the peak is an upper bound). */
void mmap_tracker_stop(uint64_t *calls, uint64_t *peak_bytes, int *table_overflow);

#endif
