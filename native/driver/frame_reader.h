/* Reads hash-mode frames from stdin (PROTOCOL.md, `hash`): an 8-byte
 * little-endian bit length L, then ceil(L/8) message bytes.
 *
 * Before every read(2) that may block, pending stdout lines are flushed, so a
 * caller that writes a batch of frames and waits for the digests never
 * deadlocks, and a caller that writes everything at once gets few writes. */
#ifndef NGCC_FRAME_READER_H
#define NGCC_FRAME_READER_H

#include <stddef.h>

#define FRAME_READER_BUFFER_BYTES 65536

typedef struct {
    int fd;
    size_t pos;
    size_t end;
    unsigned char buf[FRAME_READER_BUFFER_BYTES];
} frame_reader;

typedef enum { READ_COMPLETE = 0, READ_EOF = 1, READ_ERROR = -1, READ_OUTPUT_ERROR = -2 } read_status;

void reader_init(frame_reader *r, int fd);

/* Reads exactly n bytes into dst. READ_COMPLETE; READ_EOF when the input
 * ended first (*got says how many arrived); READ_ERROR with errno set;
 * READ_OUTPUT_ERROR when flushing stdout failed. */
read_status reader_read_exact(frame_reader *r, unsigned char *dst, size_t n, size_t *got);

#endif
