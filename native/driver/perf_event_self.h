/* One perf_event_open on the calling thread, any CPU: the cycle counter (counter.c), the
 * instruction counter (instruction_counter.c) and the migration count (migration_counter.c). */
#ifndef NGCC_PERF_EVENT_SELF_H
#define NGCC_PERF_EVENT_SELF_H

#include <stdint.h>

/* Opens a counting event of `type` (PERF_TYPE_*) and `config` for this thread, close-on-exec,
 * the hypervisor excluded, and the kernel excluded when `user_only` is non-zero. Returns the file
 * descriptor, or -1 with errno set. */
int perf_event_open_self(uint32_t type, uint64_t config, int user_only);

#endif
