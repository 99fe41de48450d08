#define _POSIX_C_SOURCE 200809L
#include "run_delay.h"

#include <fcntl.h>
#include <unistd.h>

/* "<run time ns> <run delay ns> <timeslices>\n": three numbers, well below 96 characters. */
#define SCHEDSTAT_TEXT_BYTES 96

/* Parses a run of decimal digits at *p and moves past it. Returns 0, or -1
 * when there is none. */
static int take_number(const char **p, uint64_t *value)
{
    const char *q = *p;
    uint64_t v = 0;
    if (*q < '0' || *q > '9') {
        return -1;
    }
    while (*q >= '0' && *q <= '9') {
        v = v * 10 + (uint64_t)(*q - '0');
        q++;
    }
    *p = q;
    *value = v;
    return 0;
}

int run_delay_read(int fd, uint64_t *delay_ns)
{
    char text[SCHEDSTAT_TEXT_BYTES];
    const char *p = text;
    uint64_t run_ns;
    ssize_t n;
    if (fd < 0) {
        return -1;
    }
    n = pread(fd, text, sizeof text - 1, 0);
    if (n <= 0) {
        return -1;
    }
    text[n] = '\0';
    if (take_number(&p, &run_ns) != 0 || *p++ != ' ' || take_number(&p, delay_ns) != 0) {
        return -1;
    }
    return 0;
}

int run_delay_open(void)
{
    uint64_t delay_ns;
    int fd = open("/proc/self/schedstat", O_RDONLY | O_CLOEXEC);
    if (fd >= 0 && run_delay_read(fd, &delay_ns) != 0) {
        close(fd);
        fd = -1;
    }
    return fd;
}

void run_delay_close(int fd)
{
    if (fd >= 0) {
        close(fd);
    }
}
