/* Shared checks after CryptHash calls: guard bytes of the digest and message
 * buffers, reported as OVERFLOW (exit 4). */
#ifndef NGCC_BUFFER_CHECKS_H
#define NGCC_BUFFER_CHECKS_H

#include "guarded_buffer.h"

#include <stddef.h>
#include <stdint.h>

/* PHASE_WARM_CHECK: the calls of `time --warm-check N` after the timed loop,
 * numbered from 0 among themselves. */
/* PHASE_COUNT: the counted calls of `count`, numbered from 0. */
typedef enum { PHASE_HASH, PHASE_WARMUP, PHASE_TIMED, PHASE_WARM_CHECK, PHASE_MEMORY, PHASE_COUNT } call_phase;

typedef struct {
    const char *library;   /* library path as given */
    call_phase phase;
    int has_index;         /* index meaningful (frame or call number) */
    uint64_t index;
    uint64_t message_bits;
} call_context;

/* Checks the digest then the message guards. Returns DRV_EXIT_OK, or
 * DRV_EXIT_OVERFLOW after writing the error line and stderr sentence. */
int check_guards(const guarded_buffer *digest, const guarded_buffer *message,
                 const call_context *ctx);

/* Writes the OVERFLOW error line for a message whose content changed
 * ("buffer":"message-content", "offset" unless SIZE_MAX) and the sentence;
 * returns DRV_EXIT_OVERFLOW. */
int report_message_changed(size_t offset, const call_context *ctx);

/* Writes the CRYPTOFAIL error line and sentence; returns DRV_EXIT_CRYPTOFAIL. */
int report_cryptofail(int return_code, int digest_bits, const call_context *ctx);

#endif
