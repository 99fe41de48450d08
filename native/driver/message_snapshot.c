#define _POSIX_C_SOURCE 200809L
#include "message_snapshot.h"

#include <stdlib.h>
#include <string.h>

static uint64_t checksum_of(const unsigned char *msg, size_t len_bytes)
{
    /* Each step is a bijection of the running value for a fixed word, so a
     * change confined to one word always changes the result. */
    uint64_t h = 0x6A09E667F3BCC908u ^ (uint64_t)len_bytes;
    size_t i = 0;
    for (; i + 8 <= len_bytes; i += 8) {
        uint64_t word;
        memcpy(&word, msg + i, sizeof word);
        h ^= word;
        h = (h << 29) | (h >> 35);
        h *= 0x9E3779B97F4A7C15u;
    }
    for (; i < len_bytes; i++) {
        h ^= msg[i];
        h = (h << 29) | (h >> 35);
        h *= 0x9E3779B97F4A7C15u;
    }
    return h;
}

int snapshot_take(message_snapshot *s, const unsigned char *msg, size_t len_bytes)
{
    s->len_bytes = len_bytes;
    if (len_bytes > SNAPSHOT_COPY_LIMIT_BYTES) {
        s->by_copy = 0;
        s->checksum = checksum_of(msg, len_bytes);
        return 0;
    }
    if (len_bytes > s->copy_cap_bytes) {
        size_t want = s->copy_cap_bytes < 4096 ? 4096 : s->copy_cap_bytes;
        unsigned char *grown;
        while (want < len_bytes) {
            want *= 2;
        }
        grown = realloc(s->copy, want);
        if (grown == NULL) {
            return -1;
        }
        s->copy = grown;
        s->copy_cap_bytes = want;
    }
    s->by_copy = 1;
    if (len_bytes > 0) {
        memcpy(s->copy, msg, len_bytes);
    }
    return 0;
}

int snapshot_matches(const message_snapshot *s, const unsigned char *msg, size_t *offset)
{
    size_t i;
    if (!s->by_copy) {
        *offset = SIZE_MAX;
        return checksum_of(msg, s->len_bytes) == s->checksum;
    }
    if (s->len_bytes == 0 || memcmp(s->copy, msg, s->len_bytes) == 0) {
        return 1;
    }
    for (i = 0; s->copy[i] == msg[i]; i++) {
    }
    *offset = i;
    return 0;
}

void snapshot_free(message_snapshot *s)
{
    free(s->copy);
    s->copy = NULL;
    s->copy_cap_bytes = 0;
}
