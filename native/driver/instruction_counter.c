#define _GNU_SOURCE
#include "instruction_counter.h"
#include "perf_event_self.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef NGCC_HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#endif

const char *instr_source_name(instr_source source)
{
    return source == INSTR_SOURCE_PMU ? "pmu-instructions" : "valgrind";
}

static int pmu_open(instr_counter *c, char *why, size_t why_bytes)
{
    int fd = perf_event_open_self(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 1);
    if (fd < 0) {
        snprintf(why, why_bytes, "perf_event_open(PERF_COUNT_HW_INSTRUCTIONS) failed: %s", strerror(errno));
        return -1;
    }
    c->pmu_fd = fd;
    return 0;
}

static int pmu_read(int fd, uint64_t *value)
{
    return read(fd, value, sizeof *value) == (ssize_t)sizeof *value ? 0 : -1;
}

int instr_counter_open(instr_counter *c, instr_source source, char *why, size_t why_bytes)
{
    c->source = source;
    c->pmu_fd = -1;
    if (source == INSTR_SOURCE_PMU) {
        return pmu_open(c, why, why_bytes);
    }
#ifdef NGCC_HAVE_CALLGRIND
    if (!RUNNING_ON_VALGRIND) {
        snprintf(why, why_bytes,
                 "--source valgrind needs the driver started under callgrind: set NGCC_PERF_VALGRIND to valgrind's "
                 "path and the driver starts it itself");
        return -1;
    }
    /* The memory file sandbox_valgrind.c made before valgrind started; callgrind opened it at start. */
    if (fcntl(INSTR_CALLGRIND_FD, F_GETFD) < 0) {
        snprintf(why, why_bytes, "callgrind's dump file (descriptor %d) is not open: start the driver with "
                 "NGCC_PERF_VALGRIND set, not under valgrind by hand", INSTR_CALLGRIND_FD);
        return -1;
    }
    c->dump_offset = 0;
    return 0;
#else
    snprintf(why, why_bytes, "the driver was built without <valgrind/callgrind.h> (install valgrind's headers and "
                             "rebuild native/)");
    return -1;
#endif
}

#ifdef NGCC_HAVE_CALLGRIND
/* The `summary:` figure of the dump part callgrind appended since the last
 * read. Returns 0, or -1 when there is none. */
static int read_dump_summary(instr_counter *c, uint64_t *instructions)
{
    char chunk[8192];
    char tail[32];
    size_t tail_len = 0;
    const char *key = "\nsummary: ";
    int found = 0;
    ssize_t got;
    /* A part can be long (one entry per function); only the summary line matters: scan
     * chunk by chunk, keeping the end of the previous chunk so that a split line is seen. */
    while ((got = pread(INSTR_CALLGRIND_FD, chunk, sizeof chunk - 1, (off_t)c->dump_offset)) > 0) {
        char window[sizeof tail + sizeof chunk];
        char *at;
        memcpy(window, tail, tail_len);
        memcpy(window + tail_len, chunk, (size_t)got);
        window[tail_len + (size_t)got] = '\0';
        c->dump_offset += (uint64_t)got;
        if (!found && (at = strstr(window, key)) != NULL) {
            char *end = NULL;
            unsigned long long value = strtoull(at + strlen(key), &end, 10);
            if (end != NULL && (*end == '\n' || *end == '\0' || *end == '\r')) {
                *instructions = (uint64_t)value;
                found = 1;
            }
        }
        tail_len = tail_len + (size_t)got < sizeof tail ? tail_len + (size_t)got : sizeof tail - 1;
        memcpy(tail, window + strlen(window) - tail_len, tail_len);
    }
    return found ? 0 : -1;
}
#endif

int instr_counter_call(instr_counter *c, crypt_hash_fn fn, int digest_bits, const unsigned char *msg,
                       unsigned long long msg_bits, unsigned char *digest, const char *label,
                       uint64_t *instructions, int *read_failed)
{
    int rc;
    uint64_t before = 0;
    uint64_t after = 0;
    *instructions = 0;
    *read_failed = 0;
    if (c->source == INSTR_SOURCE_PMU) {
        if (pmu_read(c->pmu_fd, &before) != 0) {
            *read_failed = 1;
        }
        rc = fn(digest_bits, msg, msg_bits, digest);
        if (pmu_read(c->pmu_fd, &after) != 0) {
            *read_failed = 1;
        }
        *instructions = after >= before ? after - before : 0;
        return rc;
    }
#ifdef NGCC_HAVE_CALLGRIND
    CALLGRIND_ZERO_STATS;
    CALLGRIND_TOGGLE_COLLECT;
    rc = fn(digest_bits, msg, msg_bits, digest);
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS_AT(label);
    if (read_dump_summary(c, instructions) != 0) {
        *read_failed = 1;
    }
#else
    (void)label;
    rc = fn(digest_bits, msg, msg_bits, digest);
#endif
    return rc;
}

void instr_counter_close(instr_counter *c)
{
    if (c->pmu_fd >= 0) {
        close(c->pmu_fd);
        c->pmu_fd = -1;
    }
    /* The memory file stays open: callgrind appends its last part at the program's end. */
}
