#define _POSIX_C_SOURCE 200809L
#include "memory_report.h"

#include "exit_codes.h"
#include "report.h"

#include <inttypes.h>
#include <stdio.h>

/* The sentence in heapBookkeepingNote: what heapPeakBytes counts and what it leaves out. */
static void describe_heap(const memory_result *r, char *note, size_t note_bytes)
{
    const heap_figures *h = &r->heap;
    int used;
    if (!r->heap_available) {
        snprintf(note, note_bytes,
                 "not measured: this driver build does not interpose the allocator (that needs "
                 "glibc's __libc_malloc family)");
        return;
    }
    used = snprintf(
        note, note_bytes,
        "heapPeakBytes is the peak of requested bytes in blocks allocated during the call and "
        "live at the same time (malloc, calloc, realloc, reallocarray, posix_memalign, "
        "aligned_alloc, memalign, valloc, pvalloc); glibc's usable sizes of the same blocks "
        "peaked at %" PRIu64 " bytes (heapPeakUsableBytes); per-block headers and the page "
        "rounding of blocks glibc serves with mmap are not counted, nor frees of blocks allocated "
        "before the call; %" PRIu64 " bytes in %" PRIu64 " blocks were still allocated when the "
        "call returned (heapRetainedBytes)",
        h->peak_usable_bytes, h->live_requested_bytes, h->allocations - h->frees);
    if (h->table_overflow && used > 0 && (size_t)used < note_bytes) {
        snprintf(note + used, note_bytes - (size_t)used,
                 "; more than %zu blocks were live at once, so not every free was matched and "
                 "heapPeakBytes and heapRetainedBytes are upper bounds",
                 BLOCK_TABLE_MAX_BLOCKS);
    }
}

static void put_optional(json_line *j, const char *key, int known, uint64_t value)
{
    if (known) {
        jl_u64(j, key, value);
    } else {
        jl_null(j, key);
    }
}

int emit_memory_line(json_line *j, const memory_result *r)
{
    char note[1024];
    char clear_refs[320];
    describe_heap(r, note, sizeof note);
    if (r->clear_refs_supported) {
        snprintf(clear_refs, sizeof clear_refs, "supported");
    } else {
        snprintf(clear_refs, sizeof clear_refs, "unsupported: %s", r->clear_refs_reason);
    }
    jl_begin(j, "memory");
    if (r->category != NULL) {
        jl_str(j, "category", r->category);
        jl_str(j, "operation", r->operation);
    } else {
        jl_u64(j, "messageBytes", r->message_bytes);
        jl_i64(j, "digestBits", r->digest_bits);
    }
    jl_u64(j, "baselineRssBytes", r->baseline_rss_bytes);
    jl_u64(j, "stackHighWaterBytes", r->stack_high_water_bytes);
    jl_u64(j, "stackBytesProvided", r->stack_bytes_provided);
    put_optional(j, "heapPeakBytes", r->heap_available, r->heap.peak_requested_bytes);
    put_optional(j, "heapAllocations", r->heap_available, r->heap.allocations);
    jl_str(j, "heapBookkeepingNote", note);
    put_optional(j, "mmapBytes", r->mmap_available, r->heap.mmap_peak_bytes);
    put_optional(j, "operationPeakBytes", r->clear_refs_supported, r->operation_peak_bytes);
    jl_u64(j, "peakRssBytes", r->peak_rss_bytes);
    jl_str(j, "clearRefs", clear_refs);
    jl_u64(j, "stackOverheadBytes", r->stack_overhead_bytes);
    put_optional(j, "heapPeakUsableBytes", r->heap_available, r->heap.peak_usable_bytes);
    put_optional(j, "heapRetainedBytes", r->heap_available, r->heap.live_requested_bytes);
    jl_u64(j, "threadsCreated", r->threads.threads_created);
    jl_u64(j, "workerStacksUnmeasured", r->threads.threads_unmeasured);
    put_optional(j, "workerStackHighWaterBytes", r->threads.has_high_water, r->threads.high_water_bytes);
    put_optional(j, "workerStackOverheadBytes", r->threads.provided, r->threads.overhead_bytes);
    return jl_emit(j);
}

int report_memory_overflow(const char *library, const char *buffer_name, guard_state side,
                           size_t offset, uint64_t message_bits)
{
    json_line *j = report_begin("OVERFLOW");
    jl_str(j, "buffer", buffer_name);
    jl_str(j, "side", guard_side_name(side));
    jl_u64(j, "guardOffset", (uint64_t)offset);
    jl_str(j, "library", library);
    jl_str(j, "phase", "memory");
    jl_u64(j, "messageBits", message_bits);
    return report_finish(DRV_EXIT_OVERFLOW,
                         "CryptHash in %s wrote outside the %s buffer (guard byte %zu %s it was "
                         "changed) during the memory measurement call with %" PRIu64
                         " message bits: the library must write only DIGEST_BITS/8 digest bytes "
                         "and never write the message",
                         library, buffer_name, offset, guard_side_name(side), message_bits);
}

int report_memory_cryptofail(const char *library, int return_code, int digest_bits,
                             uint64_t message_bits)
{
    json_line *j = report_begin("CRYPTOFAIL");
    jl_i64(j, "returnCode", return_code);
    jl_i64(j, "digestBits", digest_bits);
    jl_str(j, "library", library);
    jl_str(j, "phase", "memory");
    jl_u64(j, "messageBits", message_bits);
    return report_finish(DRV_EXIT_CRYPTOFAIL,
                         "CryptHash in %s returned %d (not 0) during the memory measurement call "
                         "with %" PRIu64 " message bits and %d digest bits: the library rejected "
                         "the input; fix it or ask for a digest length it supports",
                         library, return_code, message_bits, digest_bits);
}
