#define _POSIX_C_SOURCE 200809L
#include "kat_call.h"

#include "crash_guard.h"
#include "exit_codes.h"
#include "report.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Digests shown in the stderr sentence are cut to this many bytes. */
#define SENTENCE_DIGEST_BYTES 16

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int kat_caller_init(kat_caller *k, const char *library, const char *file_name, crypt_hash_fn fn,
                    int digest_bits, size_t message_cap_bytes)
{
    size_t digest_bytes = (size_t)digest_bits / 8;
    memset(k, 0, sizeof *k);
    k->library = library;
    k->file_name = file_name;
    k->fn = fn;
    k->digest_bits = digest_bits;
    if (gbuf_reserve(&k->digest, digest_bytes) != 0 ||
        gbuf_reserve(&k->message, message_cap_bytes) != 0) {
        return -1;
    }
    k->first_digest = malloc(digest_bytes);
    if (k->first_digest == NULL) {
        return -1;
    }
    gbuf_set_len(&k->digest, digest_bytes);
    return 0;
}

/* Fields every error line of a call carries. */
static void add_call_fields(json_line *j, const kat_caller *k, uint64_t record, uint64_t iteration,
                            uint64_t bits)
{
    jl_str(j, "library", k->library);
    jl_str(j, "file", k->file_name);
    jl_u64(j, "index", record);
    if (iteration != KAT_NO_ITERATION) {
        jl_u64(j, "iteration", iteration);
    }
    jl_u64(j, "messageBits", bits);
    jl_i64(j, "digestBits", k->digest_bits);
}

/* "record 7 of KAT_2_12" or "KAT_Loop iteration 12", for sentences. */
static void describe(const kat_caller *k, uint64_t record, uint64_t iteration, char *text, size_t n)
{
    if (iteration == KAT_NO_ITERATION) {
        snprintf(text, n, "record %" PRIu64 " of %s", record, k->file_name);
    } else {
        snprintf(text, n, "%s iteration %" PRIu64, k->file_name, iteration);
    }
}

void kat_take_constant_message(kat_caller *k, unsigned char byte)
{
    k->constant_message = 1;
    k->constant_byte = byte;
}

/* Offset of the first byte that is not `byte`, or SIZE_MAX when there is none;
 * compares 4 KiB blocks with memcmp and only looks closer at a differing one. */
static size_t first_other_byte(const unsigned char *msg, size_t n, unsigned char byte)
{
    unsigned char pattern[4096];
    size_t at = 0;
    memset(pattern, byte, sizeof pattern);
    while (at < n) {
        size_t chunk = n - at < sizeof pattern ? n - at : sizeof pattern;
        if (memcmp(msg + at, pattern, chunk) != 0) {
            size_t i;
            for (i = 0; msg[at + i] == byte; i++) {
            }
            return at + i;
        }
        at += chunk;
    }
    return SIZE_MAX;
}

/* Returns 1 when the message is as remembered, else 0 with *offset the first
 * changed byte (SIZE_MAX when only a checksum tells). */
static int message_unchanged(const kat_caller *k, size_t *offset)
{
    if (k->constant_message) {
        *offset = first_other_byte(gbuf_data(&k->message), k->message.len_bytes, k->constant_byte);
        return *offset == SIZE_MAX;
    }
    return snapshot_matches(&k->snapshot, gbuf_data(&k->message), offset);
}

int kat_take_message(kat_caller *k, uint64_t record, uint64_t bits)
{
    k->constant_message = 0;
    if (snapshot_take(&k->snapshot, gbuf_data(&k->message), k->message.len_bytes) != 0) {
        json_line *j = report_begin("IO");
        jl_str(j, "library", k->library);
        jl_u64(j, "index", record);
        jl_u64(j, "messageBits", bits);
        return report_finish(DRV_EXIT_IO,
                             "no memory for the copy of the %" PRIu64 "-bit message of %s (needed to "
                             "detect writes into it); raise --max-memory-bytes",
                             bits, k->file_name);
    }
    return DRV_EXIT_OK;
}

static int check_buffers(const kat_caller *k, uint64_t record, uint64_t iteration, uint64_t bits)
{
    const guarded_buffer *buffers[2];
    const char *names[2] = {"digest", "message"};
    char call[96];
    size_t offset = 0;
    int i;
    buffers[0] = &k->digest;
    buffers[1] = &k->message;
    describe(k, record, iteration, call, sizeof call);
    for (i = 0; i < 2; i++) {
        guard_state state = gbuf_check(buffers[i], &offset);
        if (state != GUARD_INTACT) {
            json_line *j = report_begin("OVERFLOW");
            jl_str(j, "buffer", names[i]);
            jl_str(j, "side", guard_side_name(state));
            jl_u64(j, "guardOffset", (uint64_t)offset);
            add_call_fields(j, k, record, iteration, bits);
            return report_finish(DRV_EXIT_OVERFLOW,
                                 "CryptHash in %s wrote outside the %s buffer (guard byte %zu %s it "
                                 "was changed) on %s (%" PRIu64 " message bits): the library must "
                                 "write only DIGEST_BITS/8 digest bytes and never write the message",
                                 k->library, names[i], offset, guard_side_name(state), call, bits);
        }
    }
    if (!message_unchanged(k, &offset)) {
        json_line *j = report_begin("OVERFLOW");
        jl_str(j, "buffer", "message-content");
        if (offset != SIZE_MAX) {
            jl_u64(j, "offset", (uint64_t)offset);
        }
        add_call_fields(j, k, record, iteration, bits);
        return report_finish(DRV_EXIT_OVERFLOW,
                             "CryptHash in %s changed the message it was given on %s (%" PRIu64
                             " bits): the message is const input and must not be written",
                             k->library, call, bits);
    }
    return DRV_EXIT_OK;
}

static int report_return(const kat_caller *k, int rc, uint64_t record, uint64_t iteration, uint64_t bits)
{
    char call[96];
    json_line *j = report_begin("CRYPTOFAIL");
    jl_i64(j, "returnCode", rc);
    add_call_fields(j, k, record, iteration, bits);
    describe(k, record, iteration, call, sizeof call);
    return report_finish(DRV_EXIT_CRYPTOFAIL,
                         "CryptHash in %s returned %d (not 0) on %s with %" PRIu64
                         " message bits and %d digest bits: the library rejected the input; fix it "
                         "or ask for a digest length it supports",
                         k->library, rc, call, bits, k->digest_bits);
}

static void short_hex(const unsigned char *bytes, size_t n, char *text)
{
    size_t shown = n < SENTENCE_DIGEST_BYTES ? n : SENTENCE_DIGEST_BYTES;
    size_t i;
    for (i = 0; i < shown; i++) {
        sprintf(text + 2 * i, "%02X", bytes[i]);
    }
    strcpy(text + 2 * shown, n > shown ? "..." : "");
}

static int report_nondeterministic(const kat_caller *k, uint64_t record, uint64_t iteration, uint64_t bits)
{
    size_t n = k->digest.len_bytes;
    const unsigned char *second = gbuf_data(&k->digest);
    char first_text[2 * SENTENCE_DIGEST_BYTES + 4];
    char second_text[2 * SENTENCE_DIGEST_BYTES + 4];
    char call[96];
    json_line *j = report_begin("NONDETERMINISTIC");
    add_call_fields(j, k, record, iteration, bits);
    jl_hex(j, "firstHex", k->first_digest, n);
    jl_hex(j, "secondHex", second, n);
    describe(k, record, iteration, call, sizeof call);
    short_hex(k->first_digest, n, first_text);
    short_hex(second, n, second_text);
    return report_finish(DRV_EXIT_NONDETERMINISTIC,
                         "CryptHash in %s is not deterministic: two calls on the same %" PRIu64
                         "-bit message (%s) gave %s and %s; a hash must not depend on anything but "
                         "its input (uninitialised memory or state kept between calls?)",
                         k->library, bits, call, first_text, second_text);
}

/* One call with its checks; the digest stays in k->digest. */
static int call_once(kat_caller *k, uint64_t record, uint64_t iteration, uint64_t bits)
{
    unsigned char *digest = gbuf_data(&k->digest);
    uint64_t t0;
    uint64_t t1;
    int rc;
    int code;
    memset(digest, 0, k->digest.len_bytes);
    crash_guard_set_index(iteration == KAT_NO_ITERATION ? record : iteration);
    crash_guard_set_phase(k->crash_phase, 1);
    t0 = now_ns();
    rc = k->fn(k->digest_bits, gbuf_data(&k->message), (unsigned long long)bits, digest);
    t1 = now_ns();
    crash_guard_set_phase(NULL, 0);
    k->calls++;
    k->call_nanoseconds += t1 - t0;
    /* A write outside a buffer outranks a non-zero return. */
    code = check_buffers(k, record, iteration, bits);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    return rc != 0 ? report_return(k, rc, record, iteration, bits) : DRV_EXIT_OK;
}

int kat_call(kat_caller *k, uint64_t record, uint64_t iteration, uint64_t bits, int repeat)
{
    int code = call_once(k, record, iteration, bits);
    if (code != DRV_EXIT_OK || !repeat) {
        return code;
    }
    memcpy(k->first_digest, gbuf_data(&k->digest), k->digest.len_bytes);
    code = call_once(k, record, iteration, bits);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (memcmp(k->first_digest, gbuf_data(&k->digest), k->digest.len_bytes) != 0) {
        return report_nondeterministic(k, record, iteration, bits);
    }
    return DRV_EXIT_OK;
}
