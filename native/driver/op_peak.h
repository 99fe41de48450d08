/* The operation peak: how far resident memory rose during one call
 * (PROTOCOL.md, `memory`).
 *
 * Writing "5" to /proc/self/clear_refs (Linux 4.0 and later) resets the
 * kernel's peak-RSS mark (VmHWM) to the current RSS. The kernel refreshes
 * that mark only when RSS is about to fall, and since Linux 6.2 from per-CPU
 * counters that can lag by dozens of pages per CPU. So, while the call runs,
 * the interposed free, realloc and munmap (the points where RSS can fall)
 * also call op_peak_sample(), which reads the exact resident pages from
 * /proc/self/statm. The growth is the larger of VmHWM and the largest
 * sample, minus the resident bytes read right after the reset. */
#ifndef NGCC_OP_PEAK_H
#define NGCC_OP_PEAK_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int supported;                  /* the reset worked */
    char reason[256];               /* why not, when !supported */
    uint64_t rss_after_reset_bytes;
} op_peak_mark;

/* Opens /proc/self/statm for sampling. Returns 0, or -1 with errno set. */
int op_peak_prepare(void);

/* Resets VmHWM, reads the resident bytes and starts sampling. Returns 0
 * (check mark->supported), or -1 with errno set when statm could not be read. */
int op_peak_begin(op_peak_mark *mark);

/* Records the current resident size if sampling is on (async-safe enough for
 * the allocator wrappers: one pread, no allocation, errno preserved). */
void op_peak_sample(void);

/* Stops sampling, reads VmHWM into *peak_rss_bytes (the larger of VmHWM and
 * the samples) and, when the reset worked, the growth over
 * mark->rss_after_reset_bytes into *growth_bytes. Returns 0, or -1 with
 * errno set when /proc could not be read. */
int op_peak_end(const op_peak_mark *mark, uint64_t *peak_rss_bytes, uint64_t *growth_bytes);

#endif
