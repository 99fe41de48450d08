#define _POSIX_C_SOURCE 200809L
#include "guarded_buffer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int gbuf_reserve(guarded_buffer *g, size_t cap_bytes)
{
    void *fresh = NULL;
    if (g->base != NULL && cap_bytes <= g->cap_bytes) {
        return 0;
    }
    if (cap_bytes > SIZE_MAX - 2 * GUARD_BYTES) {
        return -1;
    }
    if (posix_memalign(&fresh, 64, cap_bytes + 2 * GUARD_BYTES) != 0) {
        return -1;
    }
    free(g->base);
    g->base = fresh;
    g->cap_bytes = cap_bytes;
    memset(g->base, GUARD_FILL, GUARD_BYTES);
    gbuf_set_len(g, 0);
    return 0;
}

void gbuf_set_len(guarded_buffer *g, size_t len_bytes)
{
    g->len_bytes = len_bytes;
    memset(g->base + GUARD_BYTES + len_bytes, GUARD_FILL, GUARD_BYTES);
}

unsigned char *gbuf_data(const guarded_buffer *g)
{
    return g->base + GUARD_BYTES;
}

static int first_changed(const unsigned char *guard, size_t *offset)
{
    size_t i;
    for (i = 0; i < GUARD_BYTES; i++) {
        if (guard[i] != GUARD_FILL) {
            *offset = i;
            return 1;
        }
    }
    return 0;
}

guard_state gbuf_check(const guarded_buffer *g, size_t *offset)
{
    if (first_changed(g->base, offset)) {
        return GUARD_BEFORE;
    }
    if (first_changed(g->base + GUARD_BYTES + g->len_bytes, offset)) {
        return GUARD_AFTER;
    }
    return GUARD_INTACT;
}

const char *guard_side_name(guard_state state)
{
    return state == GUARD_BEFORE ? "before" : state == GUARD_AFTER ? "after" : "none";
}

void gbuf_free(guarded_buffer *g)
{
    free(g->base);
    g->base = NULL;
    g->cap_bytes = 0;
    g->len_bytes = 0;
}
