/* The lines `ngcc-perf-driver memory` writes (PROTOCOL.md, `memory`): the
 * `memory` line, and its OVERFLOW and CRYPTOFAIL error lines. */
#ifndef NGCC_MEMORY_REPORT_H
#define NGCC_MEMORY_REPORT_H

#include "guarded_buffer.h"
#include "heap_tracker.h"
#include "json_line.h"
#include "thread_stacks.h"

#include <stdint.h>

typedef struct {
    /* op-memory: the category and operation measured (then messageBytes and digestBits are left
     * out of the line); NULL for `memory`. */
    const char *category;
    const char *operation;
    uint64_t message_bytes;
    int digest_bits;
    uint64_t baseline_rss_bytes;
    uint64_t stack_high_water_bytes;  /* the library call, as measured */
    uint64_t stack_overhead_bytes;    /* the same path with an empty function */
    uint64_t stack_bytes_provided;
    int heap_available;
    int mmap_available;
    heap_figures heap;
    int clear_refs_supported;
    const char *clear_refs_reason;    /* when not supported */
    uint64_t operation_peak_bytes;
    uint64_t peak_rss_bytes;
    thread_stack_figures threads;      /* threads the call started */
} memory_result;

/* Writes the `memory` line into j and queues it. Returns 0, or -1 when
 * stdout failed or memory ran out. */
int emit_memory_line(json_line *j, const memory_result *r);

/* OVERFLOW (exit 4) for a changed guard byte; buffer_name "digest" or "message". */
int report_memory_overflow(const char *library, const char *buffer_name, guard_state side,
                           size_t offset, uint64_t message_bits);

/* CRYPTOFAIL (exit 3) for a non-zero return of the measured call. */
int report_memory_cryptofail(const char *library, int return_code, int digest_bits,
                             uint64_t message_bits);

#endif
