/* The state of one `pk-kat` run (PROTOCOL.md) and its checked calls: every
 * output buffer of the official KAT program, as large as its getter says, with
 * 64 guard bytes of 0xA5 on each side (checked after every call: OVERFLOW);
 * every returned length checked against its buffer (OVERFLOW, "length");
 * a failing return (CRYPTOFAIL); the record's text written as the official
 * KAT_KEM.c / KAT_SIG.c / KAT_KEX.c write it; functional checks collected. */
#ifndef NGCC_PK_KAT_H
#define NGCC_PK_KAT_H

#include "pk_library.h"

#include "../exit_codes.h"
#include "../guarded_buffer.h"
#include "../json_line.h"
#include "../ngcc_drng.h"

#include <stddef.h>
#include <stdint.h>

#define PK_KAT_RECORDS 10
#define PK_SEED_BYTES 64
#define PK_MAX_BUFFERS 128
/* Room for a DRNG context of an instance's own init/get functions (the ICCS
 * layout needs 165 bytes). */
#define PK_DRNG_CONTEXT_BYTES 4096

typedef struct {
    const char *name;   /* "pk", "ct", ... as in the error lines */
    guarded_buffer g;
} pk_buffer;

typedef struct {
    char *bytes;
    size_t len;
    size_t cap;
    int failed;
} pk_text;

typedef struct {
    const char *library;
    const char *instance;
    char file_name[96];          /* KAT_KEM_<instance>.txt */
    int blank_lengths;           /* OUTPUT_BLANK_TEST_VECTORS */
    pk_library lib;
    pk_buffer buffers[PK_MAX_BUFFERS];
    int buffer_count;
    pk_text text;                /* the current record */
    json_line line;
    int check_count;             /* the current record's functional checks */
    const char *check_names[8];
    int check_ok[8];
    char check_failure[8][160];
    /* What the calls wrote, by output ("pk", "ct", "sn", "m1", "messages", ...): the shortest
     * and the longest length over the records (the `end` line's `written`). */
    const char *written_names[PK_MAX_BUFFERS + 2];
    pk_len written_min[PK_MAX_BUFFERS + 2];
    pk_len written_max[PK_MAX_BUFFERS + 2];
    int written_count;
    const char *getter_names[8];
    pk_len getter_values[8];
    int getter_count;
    uint64_t record;
    uint64_t calls;
    uint64_t call_ns;
    int check_failures;
    char first_failure[160];
    uint64_t first_failure_record;
    /* seed (and message) DRNGs: the instance's own functions when it has them */
    unsigned char seed_drng[PK_DRNG_CONTEXT_BYTES];
    unsigned char msg_drng[PK_DRNG_CONTEXT_BYTES];
} pk_kat;

/* Adds an output buffer of `bytes` (the getter's figure); returns its data or
 * NULL when memory ran out. */
unsigned char *pk_buffer_add(pk_kat *k, const char *name, pk_len bytes);

/* Before and after one call of `function` (a static name such as
 * "kem_keygen"): crash-guard phase, timing, then every buffer's guards
 * (OVERFLOW), then the return code: `failed` says whether rc is a failure
 * (KEM/SIG: non-zero; KEX: negative). Returns DRV_EXIT_OK or the exit code
 * after writing the error line. */
void pk_call_begin(pk_kat *k, const char *crash_phase);
int pk_call_end(pk_kat *k, const char *function, int rc, int failed);

/* A length the call returned must fit the buffer the getter sized. */
int pk_check_length(pk_kat *k, const char *function, const char *field, pk_len length, pk_len capacity);

/* Records a functional check of the current record (in its `checks` list);
 * a failure is kept for the final CHECKFAIL line. */
void pk_check(pk_kat *k, const char *name, int ok, const char *what_failed);

/* Record text, as the official programs print it. */
void pk_text_reset(pk_kat *k);
void pk_text_decimal(pk_kat *k, const char *key, unsigned long long value);        /* "Count = 0" */
void pk_text_length(pk_kat *k, const char *key, unsigned long long value);         /* fprintlen */
void pk_text_hex(pk_kat *k, const char *key, const unsigned char *bytes, pk_len n); /* fprintstr */
void pk_text_blank_line(pk_kat *k);

/* ICCS DRNG calls on a context, through the instance's functions or ours. */
void pk_drng_init(pk_kat *k, void *context, const unsigned char *seed, unsigned long long seed_bytes);
void pk_drng_get(pk_kat *k, void *context, unsigned char *out, unsigned long long bits);

/* The three record flows (pk_kat_kem.c, pk_kat_sig.c, pk_kat_kex.c): set-up
 * from the getters once, then one record at a time. */
int pk_kem_setup(pk_kat *k);
int pk_kem_record(pk_kat *k, const unsigned char seed[PK_SEED_BYTES]);
int pk_sig_setup(pk_kat *k);
int pk_sig_record(pk_kat *k, const unsigned char seed[PK_SEED_BYTES]);
int pk_kex_setup(pk_kat *k);
int pk_kex_record(pk_kat *k, const unsigned char seed[PK_SEED_BYTES]);

/* Notes a length a call wrote to output `field` (static name), for the end line. */
void pk_note_written(pk_kat *k, const char *field, pk_len length);

/* Notes a getter's figure for the meta line (set-up functions). */
void pk_note_getter(pk_kat *k, const char *name, pk_len value);

/* The steps the record flows share (pk_kat_steps.c). */

/* Calls getter `s` at set-up (crash phase `phase`) and notes its figure. */
pk_len pk_getter(pk_kat *k, pk_symbol s, const char *phase);

/* The record's Count, Seed_Len and Seed lines, then the seed DRNG set to the seed. */
void pk_record_begin(pk_kat *k, const unsigned char seed[PK_SEED_BYTES]);

/* A length a call returned for an output buffer, and the buffer's capacity. */
typedef struct {
    const char *field;
    pk_len length;
    pk_len capacity;
} pk_output;

/* pk_call_end, then pk_check_length of each output in turn; the first exit
 * code that is not DRV_EXIT_OK. */
int pk_call_checked(pk_kat *k, const char *function, int rc, int failed, const pk_output *outputs, int count);

/* A length line (fprintlen) and its bytes (fprintstr): "PK_Len = ", "PK = ". */
void pk_text_field(pk_kat *k, const char *length_key, const char *key, const unsigned char *bytes, pk_len n);

/* The key pair buffers of KEM and SIG; the lengths carry over from record to record. */
typedef struct {
    unsigned char *pk;
    pk_len *pk_len;
    pk_len pk_cap;
    unsigned char *sk;
    pk_len *sk_len;
    pk_len sk_cap;
} pk_key_pair;

/* Key generation by `s` (kem_keygen, sig_keygen): the call, its pk and sk
 * lengths checked, then PK_Len, PK, SK_Len, SK written. */
int pk_keygen(pk_kat *k, pk_symbol s, const char *phase, pk_key_pair *keys);

#endif
