#define _POSIX_C_SOURCE 200809L
#include "json_line.h"

#include "out.h"

#include <float.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int jl_reserve(json_line *j, size_t cap_bytes)
{
    size_t want;
    char *grown;
    if (cap_bytes <= j->cap_bytes) {
        return 0;
    }
    want = j->cap_bytes < 256 ? 256 : j->cap_bytes;
    while (want < cap_bytes) {
        want = want > SIZE_MAX / 2 ? cap_bytes : want * 2;
    }
    grown = realloc(j->text, want);
    if (grown == NULL) {
        j->failed = 1;
        return -1;
    }
    j->text = grown;
    j->cap_bytes = want;
    return 0;
}

void jl_free(json_line *j)
{
    free(j->text);
    j->text = NULL;
    j->len_bytes = 0;
    j->cap_bytes = 0;
}

static void put_bytes(json_line *j, const char *bytes, size_t n)
{
    if (j->failed) {
        return;
    }
    if (n > SIZE_MAX - j->len_bytes - 2 || jl_reserve(j, j->len_bytes + n + 2) != 0) {
        j->failed = 1;
        return;
    }
    memcpy(j->text + j->len_bytes, bytes, n);
    j->len_bytes += n;
}

static void put_text(json_line *j, const char *text)
{
    put_bytes(j, text, strlen(text));
}

/* Length of a valid UTF-8 sequence starting at s (at most `avail` bytes), or 0. */
static size_t utf8_sequence_len(const unsigned char *s, size_t avail)
{
    size_t need;
    uint32_t cp;
    size_t i;
    if (s[0] < 0x80) {
        return 1;
    } else if ((s[0] & 0xE0) == 0xC0) {
        need = 2;
        cp = s[0] & 0x1Fu;
    } else if ((s[0] & 0xF0) == 0xE0) {
        need = 3;
        cp = s[0] & 0x0Fu;
    } else if ((s[0] & 0xF8) == 0xF0) {
        need = 4;
        cp = s[0] & 0x07u;
    } else {
        return 0;
    }
    if (avail < need) {
        return 0;
    }
    for (i = 1; i < need; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    /* Reject overlong forms, surrogates and values above U+10FFFF. */
    if ((need == 2 && cp < 0x80) || (need == 3 && cp < 0x800) || (need == 4 && cp < 0x10000) ||
        (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
        return 0;
    }
    return need;
}

static void put_escaped(json_line *j, const char *value)
{
    static const char hex_digits[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)value;
    size_t avail = strlen(value);
    put_bytes(j, "\"", 1);
    while (avail > 0) {
        size_t run = 0;
        /* Copy the longest stretch that needs no escaping in one go. */
        while (run < avail && s[run] >= 0x20 && s[run] < 0x80 && s[run] != '"' && s[run] != '\\') {
            run++;
        }
        if (run > 0) {
            put_bytes(j, (const char *)s, run);
            s += run;
            avail -= run;
            continue;
        }
        if (s[0] == '"') {
            put_bytes(j, "\\\"", 2);
        } else if (s[0] == '\\') {
            put_bytes(j, "\\\\", 2);
        } else if (s[0] == '\n') {
            put_bytes(j, "\\n", 2);
        } else if (s[0] == '\r') {
            put_bytes(j, "\\r", 2);
        } else if (s[0] == '\t') {
            put_bytes(j, "\\t", 2);
        } else if (s[0] < 0x20) {
            char esc[6] = {'\\', 'u', '0', '0', hex_digits[s[0] >> 4], hex_digits[s[0] & 15]};
            put_bytes(j, esc, sizeof esc);
        } else {
            size_t seq = utf8_sequence_len(s, avail);
            if (seq == 0) {
                put_bytes(j, "\\ufffd", 6);
                seq = 1;
            } else {
                put_bytes(j, (const char *)s, seq);
            }
            s += seq;
            avail -= seq;
            continue;
        }
        s++;
        avail--;
    }
    put_bytes(j, "\"", 1);
}

static void put_key(json_line *j, const char *key)
{
    if (j->need_comma) {
        put_bytes(j, ",", 1);
    }
    put_escaped(j, key);
    put_bytes(j, ":", 1);
    j->need_comma = 1;
}

void jl_begin(json_line *j, const char *type)
{
    char head[32];
    j->len_bytes = 0;
    j->need_comma = 0;
    j->failed = 0;
    snprintf(head, sizeof head, "{\"v\":%d", PROTOCOL_VERSION);
    put_text(j, head);
    j->need_comma = 1;
    jl_str(j, "type", type);
}

void jl_str(json_line *j, const char *key, const char *value)
{
    put_key(j, key);
    put_escaped(j, value);
}

void jl_u64(json_line *j, const char *key, uint64_t value)
{
    char digits[32];
    put_key(j, key);
    snprintf(digits, sizeof digits, "%" PRIu64, value);
    put_text(j, digits);
}

void jl_i64(json_line *j, const char *key, int64_t value)
{
    char digits[32];
    put_key(j, key);
    snprintf(digits, sizeof digits, "%" PRId64, value);
    put_text(j, digits);
}

void jl_null(json_line *j, const char *key)
{
    put_key(j, key);
    put_text(j, "null");
}

void jl_seconds(json_line *j, const char *key, uint64_t nanoseconds)
{
    char digits[48];
    put_key(j, key);
    snprintf(digits, sizeof digits, "%" PRIu64 ".%09" PRIu64, nanoseconds / 1000000000u,
             nanoseconds % 1000000000u);
    put_text(j, digits);
}

void jl_hex(json_line *j, const char *key, const unsigned char *bytes, size_t n_bytes)
{
    static const char hex_digits[] = "0123456789ABCDEF";
    size_t i;
    char *dst;
    put_key(j, key);
    put_bytes(j, "\"", 1);
    if (j->failed || n_bytes > (SIZE_MAX - j->len_bytes - 4) / 2 ||
        jl_reserve(j, j->len_bytes + 2 * n_bytes + 4) != 0) {
        j->failed = 1;
        return;
    }
    dst = j->text + j->len_bytes;
    for (i = 0; i < n_bytes; i++) {
        dst[2 * i] = hex_digits[bytes[i] >> 4];
        dst[2 * i + 1] = hex_digits[bytes[i] & 15];
    }
    j->len_bytes += 2 * n_bytes;
    put_bytes(j, "\"", 1);
}

void jl_object_begin(json_line *j, const char *key)
{
    put_key(j, key);
    put_bytes(j, "{", 1);
    j->need_comma = 0;
}

void jl_object_end(json_line *j)
{
    put_bytes(j, "}", 1);
    j->need_comma = 1;
}

void jl_bool(json_line *j, const char *key, int value)
{
    put_key(j, key);
    put_text(j, value ? "true" : "false");
}

void jl_f64(json_line *j, const char *key, double value)
{
    char digits[48];
    put_key(j, key);
    /* NaN fails both comparisons; infinities fail one. */
    if (!(value >= -DBL_MAX && value <= DBL_MAX)) {
        put_text(j, "null");
        return;
    }
    snprintf(digits, sizeof digits, "%.9g", value);
    put_text(j, digits);
}

void jl_array_begin(json_line *j, const char *key)
{
    put_key(j, key);
    put_bytes(j, "[", 1);
    j->need_comma = 0;
}

void jl_array_end(json_line *j)
{
    put_bytes(j, "]", 1);
    j->need_comma = 1;
}

static void put_elem_separator(json_line *j)
{
    if (j->need_comma) {
        put_bytes(j, ",", 1);
    }
    j->need_comma = 1;
}

void jl_elem_u64(json_line *j, uint64_t value)
{
    char digits[32];
    put_elem_separator(j);
    snprintf(digits, sizeof digits, "%" PRIu64, value);
    put_text(j, digits);
}

void jl_elem_str(json_line *j, const char *value)
{
    put_elem_separator(j);
    put_escaped(j, value);
}

void jl_elem_object_begin(json_line *j)
{
    put_elem_separator(j);
    put_bytes(j, "{", 1);
    j->need_comma = 0;
}

int jl_emit(json_line *j)
{
    put_bytes(j, "}\n", 2);
    if (j->failed) {
        return -1;
    }
    return out_line(j->text, j->len_bytes);
}
