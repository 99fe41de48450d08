/* Detects a library writing into the (const) message it was given.
 * Messages up to SNAPSHOT_COPY_LIMIT_BYTES are compared against a copy;
 * larger ones against a 64-bit word-wise checksum (any change confined to
 * one 8-byte word is always caught), so a 1 GiB KAT does not need 2 GiB. */
#ifndef NGCC_MESSAGE_SNAPSHOT_H
#define NGCC_MESSAGE_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>

#define SNAPSHOT_COPY_LIMIT_BYTES ((size_t)64 << 20)

typedef struct {
    unsigned char *copy;
    size_t copy_cap_bytes;
    size_t len_bytes;
    int by_copy;
    uint64_t checksum;
} message_snapshot;

/* Remembers the message. Returns 0, or -1 when memory ran out. */
int snapshot_take(message_snapshot *s, const unsigned char *msg, size_t len_bytes);

/* Returns 1 when the message is unchanged, 0 when it changed; then *offset is
 * the first changed byte, or SIZE_MAX when only the checksum differs. */
int snapshot_matches(const message_snapshot *s, const unsigned char *msg, size_t *offset);

void snapshot_free(message_snapshot *s);

#endif
