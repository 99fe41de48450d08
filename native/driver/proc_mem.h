/* Process memory figures from /proc (guide §3.1). */
#ifndef NGCC_PROC_MEM_H
#define NGCC_PROC_MEM_H

#include <stdint.h>

/* Resident pages from /proc/self/statm × sysconf(_SC_PAGESIZE).
 * Returns 0, or -1 (errno set) when the file could not be read or parsed. */
int proc_resident_bytes(uint64_t *bytes);

/* VmHWM from /proc/self/status × 1024 (the process's own peak RSS).
 * Returns 0, or -1 (errno set) when the file could not be read or parsed. */
int proc_peak_rss_bytes(uint64_t *bytes);

/* sysconf(_SC_PAGESIZE) in bytes (0 if unknown). */
uint64_t proc_page_bytes(void);

#endif
