/* CPU migrations of this process (perf software event
 * PERF_COUNT_SW_CPU_MIGRATIONS, counted in kernel mode, so it needs
 * perf_event_paranoid <= 1 or CAP_PERFMON; otherwise it is unavailable and the
 * trial reports "migrations":null rather than a misleading 0). */
#ifndef NGCC_MIGRATION_COUNTER_H
#define NGCC_MIGRATION_COUNTER_H

#include <stdint.h>

/* Returns a descriptor, or -1 when the event cannot be opened. */
int migrations_open(void);

/* Reads the count so far. Returns 0, or -1 (fd < 0 or the read failed). */
int migrations_read(int fd, uint64_t *count);

void migrations_close(int fd);

#endif
