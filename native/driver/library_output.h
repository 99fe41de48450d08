/* What the library under test writes on its stdout and stderr (PROTOCOL.md, "The library's
 * output"): descriptors 1 and 2 lead into a pipe that a reader thread empties, keeping only the
 * last LIBRARY_OUTPUT_TAIL_BYTES; the rest is counted and discarded. The driver's own sentences
 * go to the original stderr, after that tail, so a library printing on every call costs neither
 * the driver nor its caller more than a few KiB of memory. */
#ifndef NGCC_LIBRARY_OUTPUT_H
#define NGCC_LIBRARY_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#define LIBRARY_OUTPUT_TAIL_BYTES 4096

/* Call after out_init(): points descriptors 1 and 2 at the pipe and starts the reader. Returns 0;
 * when no pipe or thread can be had it sends descriptor 1 to /dev/null (the library's stdout is
 * then discarded, its stderr goes straight to the caller) and still returns 0. */
int library_output_capture(void);

/* The descriptor of the driver's own stderr (the original descriptor 2). */
int driver_stderr_fd(void);

/* Async-signal-safe writes to the driver's own stderr, for the crash handler and the tail:
 * `bytes` of `text` (a write interrupted by a signal is resumed; a failed one gives up), a
 * NUL-terminated text, and an unsigned decimal. */
void driver_stderr_write(const char *text, size_t bytes);
void driver_stderr_text(const char *text);
void driver_stderr_decimal(uint64_t value);

/* Flushes the library's stdio buffers, stops the capture (descriptors 1 and 2 then lead to
 * /dev/null), and writes the kept tail to the driver's stderr: verbatim when it is all the library
 * wrote, else after a line that counts the bytes left out. Idempotent; call before the driver's
 * last sentence and before main returns. */
void library_output_finish(void);

/* Async-signal-safe, for the crash handler: takes what is still in the pipe and writes the kept
 * tail (the same way) to the driver's stderr. */
void library_output_finish_from_signal(void);

#endif
