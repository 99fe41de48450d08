/* What the constant-time subcommands share when they audit an operation of a category instead of
 * CryptHash (PROTOCOL.md "ct-taint", "ct-div", "ct-time", the `--category` form): the command line
 * `LIB --category NAME --operation OP --secret LIST [--param NAME=VALUE]...`, the operation
 * prepared by its category's table (its set-up: a key pair, a ciphertext), and the secret buffers
 * named in LIST found in the prepared state: for the public-key categories the inputs the table
 * keeps (pk/pk_op.h: "sk", "ska", "skb", a key-exchange side's state "sta", "stb", …) and `drng`,
 * the V and C of the DRNG context the instance draws from (its output is then secret too). A secret
 * can be swapped for another prepared state's (another key pair) to vary the secret alone.
 * A key-exchange state is the exception to "alone": it belongs to its exchange (the messages were
 * computed from it), so no other state exists for the same public key and messages; swapping puts
 * another exchange's state (and its key, when named too) beside this exchange's public inputs, an
 * input no honest exchange makes, whose derived secret is not checked. */
#ifndef NGCC_CT_OP_H
#define NGCC_CT_OP_H

#include "ngcc_category.h"
#include "op_options.h"

#include <stddef.h>
#include <stdint.h>

#define CT_OP_MAX_SECRETS 4
/* Most prepared states (key pairs) one run holds. */
#define CT_OP_MAX_STATES 64

typedef struct {
    unsigned char *data;
    size_t bytes;
} ct_op_buffer;

typedef struct {
    const char *subcommand;
    const char *library;
    const char *category_name;
    const char *operation_name;
    const char *secret_list;
    const ngcc_category *category;
    const ngcc_operation *op;
    op_options opts;
    const char *values[OP_MAX_PARAMETERS + 1];
    const char *secrets[CT_OP_MAX_SECRETS];
    unsigned secret_count;
    /* --public LIST: buffers (the state's guarded buffers by name, e.g. "pk") whose copies inside a
     * secret buffer are public: an sk that embeds the public key keeps those bytes defined. */
    const char *public_list;
    const char *publics[CT_OP_MAX_SECRETS];
    unsigned public_count;
    /* The subcommand's own options (`--calls`, `--sites`, `--milliseconds`, …): names and values. */
    const char *extra_names[8];
    const char *extra_values[8];
    unsigned extra_count;
    void *states[CT_OP_MAX_STATES];
    unsigned state_count;
} ct_op;

/* 1 when argv (after the subcommand) is the operation form: LIB followed by --category. */
int ct_op_form(int argc, char **argv);

/* Parses the command line, loads the library for its category and finds the operation. Returns
 * DRV_EXIT_OK, or the exit code after writing the error line. */
int ct_op_open(const char *subcommand, int argc, char **argv, ct_op *c);

/* The value of the subcommand's option `name`, or NULL. */
const char *ct_op_extra(const ct_op *c, const char *name);

/* Prepares `count` states (each its own set-up: the public-key tables draw another key pair from
 * the advancing DRNG). Returns DRV_EXIT_OK, or the exit code after the error line. */
int ct_op_prepare(ct_op *c, unsigned count);

/* The secret buffers of state k, in the order of --secret. Returns DRV_EXIT_OK, or USAGE after the
 * error line when the category keeps no such buffer. */
int ct_op_secrets(const ct_op *c, unsigned k, ct_op_buffer *out);

/* A run of bytes inside secret buffer `secret` that is a copy of a public buffer. */
typedef struct {
    unsigned secret;
    size_t offset;
    size_t bytes;
} ct_op_region;

#define CT_OP_MAX_REGIONS 16

/* The copies of the --public buffers of state k (16 bytes or longer) found in its secret buffers
 * as they are now; returns how many (at most CT_OP_MAX_REGIONS). */
unsigned ct_op_public_regions(const ct_op *c, unsigned k, ct_op_region *out);

/* Copies the secret bytes of state `from` into state `to`'s secret buffers (same lengths), except
 * the copies of `to`'s public buffers inside them, which keep `to`'s own bytes. */
void ct_op_copy_secrets(const ct_op *c, unsigned from, unsigned to);

/* The error line and exit code for a call that returned rc in `phase`. */
int ct_op_call_failed(const ct_op *c, const char *phase, uint64_t index, int rc);

/* Frees the states. */
void ct_op_release(ct_op *c);

#endif
