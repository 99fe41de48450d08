/* Buffered, line-atomic writer for the JSON Lines stream (stdout).
 *
 * out_init() keeps the original stdout on a private descriptor and points
 * descriptor 1 at stderr, so anything a candidate library prints cannot
 * corrupt the protocol stream. Only complete lines enter the buffer, so the
 * crash handler can write out what was committed before the process dies. */
#ifndef NGCC_OUT_H
#define NGCC_OUT_H

#include <stddef.h>

/* Returns 0, or -1 (errno set) when the descriptors could not be arranged. */
int out_init(void);

/* Appends one complete line (it must end in '\n'). Returns 0, or -1 when a
 * write to stdout failed (errno set); the failure is sticky. */
int out_line(const char *line, size_t len_bytes);

/* Writes everything buffered. Returns 0, or -1 on a write error (sticky). */
int out_flush(void);

/* The errno of the first failed write to stdout, or 0 while all is well. */
int out_failed(void);

/* Async-signal-safe: writes the committed lines; used by the crash handler. */
void out_flush_from_signal(void);

/* Async-signal-safe: the committed lines, then `line` (a complete line) straight to stdout. */
void out_write_from_signal(const char *line, size_t len_bytes);

#endif
