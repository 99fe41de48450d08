/* Operation peak through /proc/self/clear_refs and exact samples (op_peak.h). */
#define _POSIX_C_SOURCE 200809L
#include "op_peak.h"

#include "proc_mem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int statm_fd = -1;
static int sampling;
static char sample_lock;
static uint64_t sampled_peak_pages;
static char statm_text[160];

/* Resident pages: the second number of /proc/self/statm. Returns 0 or -1. */
static int read_resident_pages(uint64_t *pages)
{
    ssize_t n = pread(statm_fd, statm_text, sizeof statm_text - 1, 0);
    const char *p = statm_text;
    uint64_t value = 0;
    if (n <= 0) {
        return -1;
    }
    statm_text[n] = '\0';
    while (*p >= '0' && *p <= '9') {
        p++;
    }
    if (*p != ' ') {
        return -1;
    }
    p++;
    if (*p < '0' || *p > '9') {
        return -1;
    }
    while (*p >= '0' && *p <= '9') {
        value = value * 10 + (uint64_t)(*p - '0');
        p++;
    }
    *pages = value;
    return 0;
}

/* Returns 0, or -1 with the reason in mark->reason. */
static int reset_peak(op_peak_mark *mark)
{
    const char *step = "opening /proc/self/clear_refs";
    int saved;
    ssize_t written = -1;
    int fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
        step = "writing 5 to /proc/self/clear_refs";
        do {
            written = write(fd, "5", 1);
        } while (written < 0 && errno == EINTR);
        saved = errno;
        close(fd);
        if (written == 1) {
            return 0;
        }
        errno = written < 0 ? saved : EIO;
    }
    snprintf(mark->reason, sizeof mark->reason,
             "%s failed (%s); resetting the peak needs Linux 4.0 or later and a writable /proc",
             step, strerror(errno));
    return -1;
}

int op_peak_prepare(void)
{
    if (statm_fd < 0) {
        statm_fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    }
    return statm_fd < 0 ? -1 : 0;
}

int op_peak_begin(op_peak_mark *mark)
{
    uint64_t pages = 0;
    mark->reason[0] = '\0';
    mark->supported = reset_peak(mark) == 0;
    if (read_resident_pages(&pages) != 0) {
        errno = errno != 0 ? errno : EINVAL;
        return -1;
    }
    mark->rss_after_reset_bytes = pages * proc_page_bytes();
    sampled_peak_pages = pages;
    __atomic_store_n(&sampling, 1, __ATOMIC_RELEASE);
    return 0;
}

void op_peak_sample(void)
{
    uint64_t pages;
    int saved = errno;
    if (!__atomic_load_n(&sampling, __ATOMIC_ACQUIRE)) {
        return;
    }
    while (__atomic_test_and_set(&sample_lock, __ATOMIC_ACQUIRE)) {
    }
    if (read_resident_pages(&pages) == 0 && pages > sampled_peak_pages) {
        sampled_peak_pages = pages;
    }
    __atomic_clear(&sample_lock, __ATOMIC_RELEASE);
    errno = saved;
}

int op_peak_end(const op_peak_mark *mark, uint64_t *peak_rss_bytes, uint64_t *growth_bytes)
{
    uint64_t sampled_bytes;
    op_peak_sample(); /* the state right after the call */
    __atomic_store_n(&sampling, 0, __ATOMIC_RELEASE);
    if (proc_peak_rss_bytes(peak_rss_bytes) != 0) {
        return -1;
    }
    sampled_bytes = sampled_peak_pages * proc_page_bytes();
    if (sampled_bytes > *peak_rss_bytes) {
        *peak_rss_bytes = sampled_bytes;
    }
    *growth_bytes = 0;
    if (mark->supported && *peak_rss_bytes > mark->rss_after_reset_bytes) {
        *growth_bytes = *peak_rss_bytes - mark->rss_after_reset_bytes;
    }
    return 0;
}
