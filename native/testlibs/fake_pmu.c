/* libfake_pmu.so: an LD_PRELOAD stand-in for the kernel's PMU instruction
 * counter, so that `count --source pmu` can be tested on hosts without a PMU
 * (packages/timing/test/count-instructions.test.ts). It takes the driver's
 * syscall(SYS_perf_event_open, ...) for PERF_COUNT_HW_INSTRUCTIONS and answers
 * with a descriptor of its own (a duplicate of /dev/null); read() on that
 * descriptor returns an 8-byte count that advances by FAKE_READ_COST (17) on
 * every read — what the driver's reads themselves cost — plus whatever a
 * library reported through fake_pmu_retire(n). libtoy_retire.so reports
 * 1000 x (message bytes + 1) per call, so the driver's figure for it must be
 * exactly that once the harness (an empty function read the same way) is
 * taken off. With NGCC_FAKE_PMU=absent the open fails with ENOENT, as on a
 * host without a PMU. Only for tests; it is not a counter. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define FAKE_READ_COST 17u

static int fake_fd = -1;
static uint64_t fake_count = 1000000u;

typedef long (*syscall_fn)(long, long, long, long, long, long, long);
typedef ssize_t (*read_fn)(int, void *, size_t);

void fake_pmu_retire(unsigned long long instructions);
ssize_t read(int fd, void *buffer, size_t n_bytes);

void fake_pmu_retire(unsigned long long instructions)
{
    fake_count += instructions;
}

long syscall(long number, ...)
{
    va_list ap;
    long a[6];
    int i;
    va_start(ap, number);
    for (i = 0; i < 6; i++) {
        a[i] = va_arg(ap, long);
    }
    va_end(ap);
    if (number == SYS_perf_event_open) {
        const struct perf_event_attr *attr = (const struct perf_event_attr *)a[0];
        const char *mode = getenv("NGCC_FAKE_PMU");
        if (attr->type == PERF_TYPE_HARDWARE && attr->config == PERF_COUNT_HW_INSTRUCTIONS) {
            if (mode != NULL && strcmp(mode, "absent") == 0) {
                errno = ENOENT;
                return -1;
            }
            fake_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
            return fake_fd;
        }
        errno = ENOENT;
        return -1;
    }
    {
        syscall_fn real;
        *(void **)&real = dlsym(RTLD_NEXT, "syscall");
        return real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
    }
}

ssize_t read(int fd, void *buffer, size_t n_bytes)
{
    if (fd >= 0 && fd == fake_fd && n_bytes >= sizeof fake_count) {
        fake_count += FAKE_READ_COST;
        memcpy(buffer, &fake_count, sizeof fake_count);
        return (ssize_t)sizeof fake_count;
    }
    {
        read_fn real;
        *(void **)&real = dlsym(RTLD_NEXT, "read");
        return real(fd, buffer, n_bytes);
    }
}
