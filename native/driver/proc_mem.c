#define _POSIX_C_SOURCE 200809L
#include "proc_mem.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Reads a small /proc file into buf (NUL-terminated). Returns 0 or -1. */
static int read_small_file(const char *path, char *buf, size_t buf_bytes)
{
    size_t used = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return -1;
    }
    while (used + 1 < buf_bytes) {
        ssize_t n = read(fd, buf + used, buf_bytes - 1 - used);
        if (n < 0) {
            int saved = errno;
            if (saved == EINTR) {
                continue;
            }
            close(fd);
            errno = saved;
            return -1;
        }
        if (n == 0) {
            break;
        }
        used += (size_t)n;
    }
    close(fd);
    buf[used] = '\0';
    return 0;
}

uint64_t proc_page_bytes(void)
{
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? (uint64_t)page : 0;
}

int proc_resident_bytes(uint64_t *bytes)
{
    char text[256];
    unsigned long long size_pages;
    unsigned long long resident_pages;
    uint64_t page = proc_page_bytes();
    if (read_small_file("/proc/self/statm", text, sizeof text) != 0) {
        return -1;
    }
    if (sscanf(text, "%llu %llu", &size_pages, &resident_pages) != 2 || page == 0) {
        errno = EINVAL;
        return -1;
    }
    *bytes = (uint64_t)resident_pages * page;
    return 0;
}

int proc_peak_rss_bytes(uint64_t *bytes)
{
    char text[8192];
    const char *line;
    unsigned long long kib;
    if (read_small_file("/proc/self/status", text, sizeof text) != 0) {
        return -1;
    }
    line = strstr(text, "\nVmHWM:");
    if (line == NULL || sscanf(line + 7, " %llu kB", &kib) != 1) {
        errno = EINVAL;
        return -1;
    }
    *bytes = (uint64_t)kib * 1024u;
    return 0;
}
