/* The category ABI of ngcc-perf-driver, version 1 (PROTOCOL.md "Categories"; docs/ARCHITECTURE.md
 * "Categories").
 *
 * An algorithm category (hash, KEM, signature, key exchange, or one of a user's own) tells the
 * driver, and nothing else does, which symbols identify a library of the category, which
 * operations it has and what each takes, how one call of an operation is made and checked, and
 * how the records of its KAT files are produced. The driver's commands `categories`, `op-time` and
 * `op-kat` know no category: they look one up in the built-in table (category_table.c, hash
 * first) or load it from an adapter library (`--adapter PATH`) that exports
 * NGCC_CATEGORY_ENTRY, and then only call through this table.
 *
 * This header is the whole contract: an adapter includes it alone (C99, no driver header) and is
 * built as a shared library, e.g. `cc -shared -fPIC -I native/driver -o libtoy_adapter.so toy.c`.
 * It runs inside the driver's sandbox, in the same process as the library under test; what it
 * calls in the library is found through `host->symbol`, never by linking against the library.
 *
 * Versioning: `abi` of every table is NGCC_CATEGORY_ABI. A later version only appends fields to
 * the structures below; the driver refuses a table whose `abi` it does not know (USAGE). */
#ifndef NGCC_CATEGORY_H
#define NGCC_CATEGORY_H

#include <stddef.h>

#define NGCC_CATEGORY_ABI 1u

/* The function an adapter library exports: called once with the driver's ABI version, it
 * returns the category's table (static storage), or NULL when it cannot serve that version. */
#define NGCC_CATEGORY_ENTRY "ngcc_category_v1"

/* How a prepare, call check or KAT generation ended (the driver turns it into its exit code and
 * `error` line: PROTOCOL.md "Exit codes"). */
typedef enum {
    NGCC_OP_OK = 0,
    /* The library returned an error code (`return_code`): CRYPTOFAIL, exit 3. */
    NGCC_OP_FAILED = 1,
    /* A guard byte after an output buffer, or an input buffer, was changed (`buffer` names it):
     * OVERFLOW, exit 4. */
    NGCC_OP_OVERFLOW = 2,
    /* A functional check failed (decapsulation gave another secret, a changed message verified,
     * a length disagrees with its getter): CHECKFAIL, exit 11 (as pk-kat's). */
    NGCC_OP_WRONG = 3,
    /* A parameter is missing or malformed, or the library lacks a symbol of the category: USAGE,
     * exit 2 (a missing symbol: LOADFAIL, exit 5, when `buffer` is "symbol"). */
    NGCC_OP_SETUP = 4,
    /* No memory for the buffers: IO, exit 8. */
    NGCC_OP_NO_MEMORY = 5
} ngcc_op_status;

/* What went wrong, filled by the adapter when it returns anything but NGCC_OP_OK. */
typedef struct {
    int return_code;     /* NGCC_OP_FAILED: the library's return value */
    char buffer[32];     /* NGCC_OP_OVERFLOW: the buffer ("digest", "pk", "message"); "symbol" for a missing symbol */
    char sentence[256];  /* what happened and the fix, without a final period */
} ngcc_op_problem;

/* What the driver offers an adapter. */
typedef struct {
    unsigned abi;
    /* The library under test's symbol `name` (dlsym), or NULL when it has none. */
    void *(*symbol)(const char *name);
    /* Path of the library as given, for sentences. */
    const char *library;
} ngcc_host;

/* One operation of a category: `hash`; `keygen`, `enc`, `dec`; `sign`, `verify`; `exchange`... */
typedef struct {
    const char *name;
    /* Names of the parameters it takes, NULL-terminated (e.g. {"digestBits", "messageBytes", NULL});
     * each is given on the command line as `--param NAME=VALUE`, every one of them exactly once. */
    const char *const *parameters;
    /* Makes everything one call needs, once, before any call: inputs, output buffers with guards,
     * set-up objects (a key pair before `enc`). `values[i]` is the value of `parameters[i]`.
     * Returns NGCC_OP_OK with *state set, or a status with `problem` filled. */
    int (*prepare)(const ngcc_host *host, const char *const *values, void **state, ngcc_op_problem *problem);
    /* One call of the operation, the timed unit: the library's return code (0 = success). Must
     * not allocate, print or check; the driver calls it in its timed loop. */
    int (*call)(void *state);
    /* After a batch of calls: guards intact, inputs unchanged, outputs as the category requires.
     * Returns NGCC_OP_OK, or a status with `problem` filled. */
    int (*check)(void *state, ngcc_op_problem *problem);
    /* Frees what prepare made (state may be NULL). */
    void (*release)(void *state);
} ngcc_operation;

/* Where KAT records go: the driver writes each record as one `op-kat-record` line, its fields in
 * the order given (the category's TS module formats the file text from them). */
typedef struct {
    void *context;
    /* One field of the current record: name and value (text; hex in upper case as the official
     * files write it). Returns 0, or non-zero when the line could not be written (stop then). */
    int (*field)(void *context, const char *name, const char *value);
    /* Ends the current record. Returns 0, or non-zero to stop. */
    int (*end_record)(void *context);
} ngcc_kat_sink;

typedef struct {
    unsigned abi;              /* NGCC_CATEGORY_ABI */
    const char *name;          /* the category's id, as its TS module names it ("hash", "toy-fof") */
    /* Symbols that identify a library of the category (all must be defined), NULL-terminated. */
    const char *const *symbols;
    const ngcc_operation *operations;
    unsigned operation_count;
    /* Names of the KAT kinds the driver can generate, NULL-terminated (may be empty). */
    const char *const *kat_kinds;
    /* Produces the records of KAT kind `kind` (one of kat_kinds) through `sink`. NULL when
     * kat_kinds is empty. Returns NGCC_OP_OK, or a status with `problem` filled. */
    int (*kat)(const ngcc_host *host, const char *kind, const ngcc_kat_sink *sink, ngcc_op_problem *problem);
} ngcc_category;

typedef const ngcc_category *(*ngcc_category_entry_fn)(unsigned driver_abi);

#endif
