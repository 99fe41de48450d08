#define _GNU_SOURCE
#include "migration_counter.h"
#include "perf_event_self.h"

#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int migrations_open(void)
{
    /* Migrations happen in the kernel: excluding kernel mode would count 0. */
    return perf_event_open_self(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, 0);
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
