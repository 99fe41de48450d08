/* Checked calls, record text and functional checks of `pk-kat` (pk_kat.h). */
#define _POSIX_C_SOURCE 200809L
#include "pk_kat.h"

#include "../crash_guard.h"
#include "../exit_codes.h"
#include "../report.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t call_started_ns;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

unsigned char *pk_buffer_add(pk_kat *k, const char *name, pk_len bytes)
{
    pk_buffer *b;
    if (k->buffer_count == PK_MAX_BUFFERS || bytes > SIZE_MAX / 2) {
        return NULL;
    }
    b = &k->buffers[k->buffer_count];
    memset(b, 0, sizeof *b);
    b->name = name;
    if (gbuf_reserve(&b->g, (size_t)bytes) != 0) {
        return NULL;
    }
    gbuf_set_len(&b->g, (size_t)bytes);
    memset(gbuf_data(&b->g), 0, (size_t)bytes);
    k->buffer_count++;
    return gbuf_data(&b->g);
}

void pk_note_getter(pk_kat *k, const char *name, pk_len value)
{
    if (k->getter_count < 8) {
        k->getter_names[k->getter_count] = name;
        k->getter_values[k->getter_count] = value;
        k->getter_count++;
    }
}

/* Fields every error line of a call carries; the record's text so far. */
static void add_call_fields(pk_kat *k, json_line *j, const char *function)
{
    jl_str(j, "library", k->library);
    jl_str(j, "file", k->file_name);
    jl_u64(j, "index", k->record);
    jl_str(j, "function", function);
    if (!k->text.failed && k->text.bytes != NULL) {
        k->text.bytes[k->text.len] = '\0';
        jl_str(j, "partialText", k->text.bytes);
    }
}

void pk_call_begin(pk_kat *k, const char *crash_phase)
{
    crash_guard_set_index(k->record);
    crash_guard_set_phase(crash_phase, 1);
    call_started_ns = now_ns();
}

int pk_call_end(pk_kat *k, const char *function, int rc, int failed)
{
    int i;
    k->call_ns += now_ns() - call_started_ns;
    k->calls++;
    crash_guard_set_phase(NULL, 0);
    for (i = 0; i < k->buffer_count; i++) {
        size_t offset = 0;
        guard_state state = gbuf_check(&k->buffers[i].g, &offset);
        if (state != GUARD_INTACT) {
            json_line *j = report_begin("OVERFLOW");
            jl_str(j, "buffer", k->buffers[i].name);
            jl_str(j, "side", guard_side_name(state));
            jl_u64(j, "guardOffset", (uint64_t)offset);
            add_call_fields(k, j, function);
            return report_finish(DRV_EXIT_OVERFLOW,
                                 "%s in %s wrote outside the %s buffer (guard byte %zu %s it was changed) on record "
                                 "%" PRIu64 " of %s: a buffer holds exactly what its getter says",
                                 function, k->library, k->buffers[i].name, offset, guard_side_name(state), k->record,
                                 k->file_name);
        }
    }
    if (failed) {
        json_line *j = report_begin("CRYPTOFAIL");
        jl_i64(j, "returnCode", rc);
        add_call_fields(k, j, function);
        return report_finish(DRV_EXIT_CRYPTOFAIL,
                             "%s in %s returned %d on record %" PRIu64 " of %s: the official KAT program stops "
                             "here; fix the instance",
                             function, k->library, rc, k->record, k->file_name);
    }
    return DRV_EXIT_OK;
}

int pk_check_length(pk_kat *k, const char *function, const char *field, pk_len length, pk_len capacity)
{
    json_line *j;
    if (length <= capacity) {
        return DRV_EXIT_OK;
    }
    j = report_begin("OVERFLOW");
    jl_str(j, "buffer", field);
    jl_str(j, "reason", "length");
    jl_u64(j, "lengthBytes", length);
    jl_u64(j, "capacityBytes", capacity);
    add_call_fields(k, j, function);
    return report_finish(DRV_EXIT_OVERFLOW,
                         "%s in %s says it wrote %llu bytes of %s on record %" PRIu64 " of %s, but its getter "
                         "sized the buffer for %llu: the getter must give the largest length",
                         function, k->library, length, field, k->record, k->file_name, capacity);
}

void pk_check(pk_kat *k, const char *name, int ok, const char *what_failed)
{
    if (k->check_count < 8) {
        k->check_names[k->check_count] = name;
        k->check_ok[k->check_count] = ok;
        snprintf(k->check_failure[k->check_count], sizeof k->check_failure[0], "%s", ok ? "" : what_failed);
        k->check_count++;
    }
    if (!ok && k->check_failures++ == 0) {
        k->first_failure_record = k->record;
        snprintf(k->first_failure, sizeof k->first_failure, "%s: %s", name, what_failed);
    }
}

static void text_append(pk_kat *k, const char *bytes, size_t n)
{
    pk_text *t = &k->text;
    if (t->failed) {
        return;
    }
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap == 0 ? 4096 : t->cap;
        char *grown;
        while (cap < t->len + n + 1) {
            cap *= 2;
        }
        grown = realloc(t->bytes, cap);
        if (grown == NULL) {
            t->failed = 1;
            return;
        }
        t->bytes = grown;
        t->cap = cap;
    }
    memcpy(t->bytes + t->len, bytes, n);
    t->len += n;
}

void pk_text_reset(pk_kat *k)
{
    k->text.len = 0;
    text_append(k, "", 0);
}

void pk_text_decimal(pk_kat *k, const char *key, unsigned long long value)
{
    char line[96];
    int n = snprintf(line, sizeof line, "%s%llu\n", key, value);
    text_append(k, line, (size_t)n);
}

void pk_text_length(pk_kat *k, const char *key, unsigned long long value)
{
    if (k->blank_lengths) {
        text_append(k, key, strlen(key));
        text_append(k, "\n", 1);
    } else {
        pk_text_decimal(k, key, value);
    }
}

void pk_text_hex(pk_kat *k, const char *key, const unsigned char *bytes, pk_len n)
{
    static const char digits[] = "0123456789ABCDEF";
    char chunk[512];
    pk_len i;
    size_t used = 0;
    text_append(k, key, strlen(key));
    for (i = 0; i < n; i++) {
        chunk[used++] = digits[bytes[i] >> 4];
        chunk[used++] = digits[bytes[i] & 15];
        if (used == sizeof chunk) {
            text_append(k, chunk, used);
            used = 0;
        }
    }
    text_append(k, chunk, used);
    text_append(k, "\n", 1);
}

void pk_text_blank_line(pk_kat *k)
{
    text_append(k, "\n", 1);
}

void pk_drng_init(pk_kat *k, void *context, const unsigned char *seed, unsigned long long seed_bytes)
{
    pk_call_begin(k, "in init_random_number on record");
    k->lib.drng_init(context, seed, seed_bytes);
    crash_guard_set_phase(NULL, 0);
}

void pk_drng_get(pk_kat *k, void *context, unsigned char *out, unsigned long long bits)
{
    pk_call_begin(k, "in get_random_number on record");
    k->lib.drng_get(context, out, bits);
    crash_guard_set_phase(NULL, 0);
}
