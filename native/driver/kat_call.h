/* One checked CryptHash call of the `kat` subcommand (PROTOCOL.md): guard
 * bytes around the digest and the message (OVERFLOW), the message left
 * unchanged (OVERFLOW, "message-content"), the return value (CRYPTOFAIL),
 * and, when asked, a second call on the same message that must give the same
 * digest (NONDETERMINISTIC). Also sums the time spent inside CryptHash. */
#ifndef NGCC_KAT_CALL_H
#define NGCC_KAT_CALL_H

#include "guarded_buffer.h"
#include "library.h"
#include "message_snapshot.h"

#include <stdint.h>

/* Exit code of a library whose two calls on one message gave different
 * digests (the KAT verdict MISMATCH; PROTOCOL.md "Exit codes"). */
#define DRV_EXIT_NONDETERMINISTIC 9

/* "No iteration": the call belongs to a record, not to the KAT_Loop chain. */
#define KAT_NO_ITERATION UINT64_MAX

typedef struct {
    const char *library;
    const char *file_name;     /* KAT_2_12, ... */
    const char *crash_phase;   /* static text for the crash handler */
    crypt_hash_fn fn;
    int digest_bits;
    guarded_buffer digest;
    guarded_buffer message;
    message_snapshot snapshot;
    int constant_message;      /* 1: the message is one repeated byte (no copy needed) */
    unsigned char constant_byte;
    unsigned char *first_digest;
    uint64_t calls;
    uint64_t call_nanoseconds;
} kat_caller;

/* Allocates the digest buffer, the copy for the repeat check and a message
 * buffer of message_cap_bytes. Returns 0, or -1 when memory ran out. */
int kat_caller_init(kat_caller *k, const char *library, const char *file_name, crypt_hash_fn fn,
                    int digest_bits, size_t message_cap_bytes);

/* Remembers the message (gbuf_data(&k->message), ceil(bits/8) bytes, length
 * already set with gbuf_set_len) so later calls can tell whether the library
 * wrote into it. Returns DRV_EXIT_OK or DRV_EXIT_IO after reporting. */
int kat_take_message(kat_caller *k, uint64_t record, uint64_t bits);

/* Remembers that the message is `byte` repeated (KAT_2_23/KAT_2_33 all-0x00 and
 * all-0xFF): a change is found by scanning for another byte, which needs no
 * copy and no checksum pass before the call (two 1 GiB passes saved). */
void kat_take_constant_message(kat_caller *k, unsigned char byte);

/* Calls CryptHash on the remembered message, checks guards, message and
 * return value, and with `repeat` calls it once more and compares the
 * digests. `record` is the record index in the file; `iteration` the KAT_Loop
 * step (KAT_NO_ITERATION elsewhere). Returns DRV_EXIT_OK, or the exit code
 * after writing the error line. */
int kat_call(kat_caller *k, uint64_t record, uint64_t iteration, uint64_t bits, int repeat);

#endif
