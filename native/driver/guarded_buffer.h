/* A buffer with 64 guard bytes of 0xA5 right before its first byte and
 * right after its last byte (the ICCS KAT rules, OVERFLOW). The trailing guard moves
 * with the length, so a buffer can be reused for messages of any size. */
#ifndef NGCC_GUARDED_BUFFER_H
#define NGCC_GUARDED_BUFFER_H

#include <stddef.h>

#define GUARD_BYTES 64
#define GUARD_FILL 0xA5

typedef struct {
    unsigned char *base;  /* guard ‖ data[cap_bytes] ‖ guard room */
    size_t cap_bytes;
    size_t len_bytes;
} guarded_buffer;

typedef enum { GUARD_INTACT = 0, GUARD_BEFORE = 1, GUARD_AFTER = 2 } guard_state;

/* Makes room for cap_bytes data bytes (64-byte aligned). Contents are not
 * kept when the buffer grows. Returns 0, or -1 when memory ran out. */
int gbuf_reserve(guarded_buffer *g, size_t cap_bytes);

/* Sets the data length (≤ cap) and writes the trailing guard after it. */
void gbuf_set_len(guarded_buffer *g, size_t len_bytes);

unsigned char *gbuf_data(const guarded_buffer *g);

/* Checks both guards; on damage stores the first changed guard byte's
 * offset within its guard (0..63) in *offset. */
guard_state gbuf_check(const guarded_buffer *g, size_t *offset);

const char *guard_side_name(guard_state state);

void gbuf_free(guarded_buffer *g);

#endif
