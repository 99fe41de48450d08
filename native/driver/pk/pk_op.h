/* What the KEM, signature and key-exchange category tables (category_kem.c, category_sig.c,
 * category_kex.c; ngcc_category.h) share: the instance loaded the way `pk-kat` loads it
 * (pk_library.h: the ICCS support first, the instance RTLD_DEEPBIND), its getters and guarded
 * buffers kept in a pk_kat of their own (pk_kat.h), the DRNG seeded once per process with the
 * bytes 00..2f as the published timing method does and left to advance, and checks
 * that turn a damaged guard, an over-long length, a changed input or a failed set-up call into
 * an ngcc_op_problem (the driver's OVERFLOW, CRYPTOFAIL, CHECKFAIL). */
#ifndef NGCC_PK_OP_H
#define NGCC_PK_OP_H

#include "pk_kat.h"

#include "../ngcc_category.h"

#include <stdint.h>

/* Bytes of the per-process DRNG seed (00 01 … 2f). */
#define PK_OP_SEED_BYTES 48
/* Most attempts one timed sign call makes before its failure counts (CRYPTOFAIL). */
#define PK_SIGN_ATTEMPTS 1000
/* Most inputs whose bytes one operation keeps a copy of, to find a call that changed them. */
#define PK_OP_MAX_INPUTS 6

/* The first member of every public-key operation's state. */
typedef struct {
    /* Failed sign attempts the calls retried (signature `sign` and its set-up). */
    uint64_t retries;
    struct {
        const char *name;
        const unsigned char *data;
        unsigned char *copy;
        size_t bytes;
    } inputs[PK_OP_MAX_INPUTS];
    int input_count;
} pk_op_head;

/* The instance and its pk-kat bookkeeping (buffers, getters), one per process. */
extern pk_kat pk_op_kat;

/* Loads the instance at `path` as category `name` ("kem", "sig", "kex"). Returns DRV_EXIT_OK,
 * or the exit code after writing the error line (LOADFAIL, IO). */
int pk_op_open(const char *name, const char *path);

/* The DRNG seeded with 00..2f (once per process), then every getter of `category` read. */
void pk_op_seed(void);
/* 0 (the published method); the constant-time audit sets it to k before preparing its k-th state,
 * so that each state's set-up draws another key pair (the seed's first two bytes XOR k). */
extern unsigned pk_op_seed_variant;
pk_len pk_op_getter(pk_symbol s);

/* A guarded output buffer of the getter's size (NULL: no memory). */
unsigned char *pk_op_buffer(const char *name, pk_len bytes);

/* Keeps a copy of an input's bytes (after the set-up made them); returns -1 when memory ran out. */
int pk_op_keep_input(pk_op_head *head, const char *name, const unsigned char *data, pk_len bytes);

/* After calls of `function`: every guard intact, every kept input unchanged. NGCC_OP_OK or
 * NGCC_OP_OVERFLOW with the problem filled. */
int pk_op_check_buffers(const pk_op_head *head, const char *function, ngcc_op_problem *problem);

/* A length the call returned against its getter's capacity: NGCC_OP_OK or NGCC_OP_OVERFLOW
 * (buffer "<field>-length"). */
int pk_op_check_length(const char *function, const char *field, pk_len length, pk_len capacity,
                       ngcc_op_problem *problem);

/* A set-up call (made once before timing) that returned rc: NGCC_OP_OK when !failed, else
 * NGCC_OP_FAILED naming the function. The crash guard's phase is set around the call by
 * pk_op_enter / pk_op_leave. */
int pk_op_setup_result(const char *function, int rc, int failed, ngcc_op_problem *problem);
void pk_op_enter(const char *phase);
void pk_op_leave(void);

/* Fills `problem` and returns `status`. */
int pk_op_problem(ngcc_op_problem *problem, int status, const char *buffer, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Frees what pk_op_keep_input kept (the guarded buffers live as long as the process). */
void pk_op_release_head(pk_op_head *head);

/* The built-in public-key tables. */
extern const ngcc_category CATEGORY_KEM;
extern const ngcc_category CATEGORY_SIG;
extern const ngcc_category CATEGORY_KEX;

/* 1 when c is one of the three tables above. */
int pk_op_is_category(const ngcc_category *c);

#endif
