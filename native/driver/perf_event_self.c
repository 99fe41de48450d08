#define _GNU_SOURCE
#include "perf_event_self.h"

#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int perf_event_open_self(uint32_t type, uint64_t config, int user_only)
{
    struct perf_event_attr attr;
    long fd;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = type;
    attr.config = config;
    attr.exclude_kernel = user_only ? 1 : 0;
    attr.exclude_hv = 1;
    fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    return fd < 0 ? -1 : (int)fd;
}
