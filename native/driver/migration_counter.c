#define _GNU_SOURCE
#include "migration_counter.h"

#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int migrations_open(void)
{
    struct perf_event_attr attr;
    long fd;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_CPU_MIGRATIONS;
    /* Migrations happen in the kernel: excluding kernel mode would count 0. */
    attr.exclude_hv = 1;
    fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    return fd < 0 ? -1 : (int)fd;
}

int migrations_read(int fd, uint64_t *count)
{
    if (fd < 0 || read(fd, count, sizeof *count) != (ssize_t)sizeof *count) {
        return -1;
    }
    return 0;
}

void migrations_close(int fd)
{
    if (fd >= 0) {
        close(fd);
    }
}
