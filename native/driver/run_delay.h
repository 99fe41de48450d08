/* Time this process spent runnable but waiting for a CPU (the scheduler's run
 * delay): the second field of /proc/self/schedstat, in nanoseconds
 * (Documentation/scheduler/sched-stats.rst; needs CONFIG_SCHED_INFO, which
 * CONFIG_SCHEDSTATS and CONFIG_TASK_DELAY_ACCT select). The file is opened
 * once and re-read with pread(2) at offset 0, so a reading costs one system
 * call and no allocation. The driver is single-threaded: /proc/self is the
 * thread that runs the timed loop. */
#ifndef NGCC_RUN_DELAY_H
#define NGCC_RUN_DELAY_H

#include <stdint.h>

/* Returns a descriptor for /proc/self/schedstat, or -1 when it cannot be
 * opened or read (the kernel has no schedstat). */
int run_delay_open(void);

/* Reads the run delay so far. Returns 0, or -1 (fd < 0, the read failed or
 * the text did not parse). */
int run_delay_read(int fd, uint64_t *delay_ns);

void run_delay_close(int fd);

#endif
