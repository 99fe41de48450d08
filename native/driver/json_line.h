/* Builds one JSON Lines object ({"v":1,"type":...}) in a growable buffer and
 * hands it to out_line() when complete. Allocation failures are sticky and
 * reported by jl_emit(). */
#ifndef NGCC_JSON_LINE_H
#define NGCC_JSON_LINE_H

#include <stddef.h>
#include <stdint.h>

#define PROTOCOL_VERSION 1

typedef struct {
    char *text;
    size_t len_bytes;
    size_t cap_bytes;
    int need_comma;
    int failed;
} json_line;

/* Makes sure `cap_bytes` fit without reallocation. Returns 0 or -1. */
int jl_reserve(json_line *j, size_t cap_bytes);
void jl_free(json_line *j);

/* Starts {"v":1,"type":"<type>" (discarding any previous content). */
void jl_begin(json_line *j, const char *type);
/* "key":"<escaped value>" — value may hold any bytes; invalid UTF-8 becomes U+FFFD. */
void jl_str(json_line *j, const char *key, const char *value);
void jl_u64(json_line *j, const char *key, uint64_t value);
void jl_i64(json_line *j, const char *key, int64_t value);
void jl_null(json_line *j, const char *key);
/* "key":<ns/1e9 as an exact decimal with 9 fraction digits> */
void jl_seconds(json_line *j, const char *key, uint64_t nanoseconds);
/* "key":"<upper-case hex of the bytes>" */
void jl_hex(json_line *j, const char *key, const unsigned char *bytes, size_t n_bytes);
void jl_object_begin(json_line *j, const char *key);
void jl_object_end(json_line *j);
/* "key":true / "key":false */
void jl_bool(json_line *j, const char *key, int value);
/* "key":<value with up to 9 significant digits>; null when not finite. */
void jl_f64(json_line *j, const char *key, double value);
/* "key":[ ... ]; inside, use the jl_elem_* functions for the elements. */
void jl_array_begin(json_line *j, const char *key);
void jl_array_end(json_line *j);
/* One array element: a number, or an object closed with jl_object_end(). */
void jl_elem_u64(json_line *j, uint64_t value);
void jl_elem_object_begin(json_line *j);
/* One string element, escaped as jl_str does. */
void jl_elem_str(json_line *j, const char *value);

/* Closes the object, appends '\n' and queues the line. Returns 0, or -1 when
 * memory ran out while building or stdout failed. */
int jl_emit(json_line *j);

#endif
