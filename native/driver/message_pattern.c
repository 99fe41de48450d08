#include "message_pattern.h"

#include <string.h>

/* Compared in blocks of this many bytes (a multiple of the rule's period 256). */
#define PATTERN_BLOCK_BYTES 4096u

typedef struct {
    message_pattern pattern;
    uint64_t length_bytes;
    uint64_t state; /* xorshift64* state (random) */
} pattern_stream;

static void stream_start(pattern_stream *s, message_pattern pattern, uint64_t length_bytes)
{
    s->pattern = pattern;
    s->length_bytes = length_bytes;
    s->state = (length_bytes ^ UINT64_C(0x9E3779B97F4A7C15)) | 1u;
}

/* The next n bytes of the pattern, from byte `at` on. */
static void stream_next(pattern_stream *s, uint64_t at, unsigned char *out, size_t n)
{
    size_t i;
    if (s->pattern == PATTERN_RULE) {
        for (i = 0; i < n; i++) {
            out[i] = (unsigned char)(((at + i) * 131u + s->length_bytes) & 0xFFu);
        }
        return;
    }
    for (i = 0; i < n; i++) {
        uint64_t x = s->state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        s->state = x;
        out[i] = (unsigned char)((x * UINT64_C(0x2545F4914F6CDD1D)) >> 56);
    }
}

void pattern_fill(message_pattern pattern, uint64_t length_bytes, unsigned char *msg, size_t n)
{
    pattern_stream s;
    stream_start(&s, pattern, length_bytes);
    stream_next(&s, 0, msg, n);
}

int pattern_matches(message_pattern pattern, uint64_t length_bytes, const unsigned char *msg, size_t n,
                    size_t *offset)
{
    unsigned char expected[PATTERN_BLOCK_BYTES];
    pattern_stream s;
    size_t at = 0;
    int rule_block_ready = 0;
    stream_start(&s, pattern, length_bytes);
    while (at < n) {
        size_t chunk = n - at < PATTERN_BLOCK_BYTES ? n - at : PATTERN_BLOCK_BYTES;
        /* The rule repeats every 256 bytes: one block serves every block start. */
        if (pattern == PATTERN_RANDOM || !rule_block_ready) {
            stream_next(&s, at, expected, pattern == PATTERN_RULE ? PATTERN_BLOCK_BYTES : chunk);
            rule_block_ready = 1;
        }
        if (memcmp(expected, msg + at, chunk) != 0) {
            size_t i = 0;
            while (expected[i] == msg[at + i]) {
                i++;
            }
            *offset = at + i;
            return 0;
        }
        at += chunk;
    }
    return 1;
}
