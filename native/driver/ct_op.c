/* ct_op.h: the operation form of the constant-time subcommands. */
#define _GNU_SOURCE
#include "ct_op.h"

#include "args.h"
#include "category_table.h"
#include "crash_guard.h"
#include "guarded_buffer.h"
#include "exit_codes.h"
#include "op_problem.h"
#include "time_options.h"
#include "pk/iccs_support.h"
#include "pk/pk_op.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const EXTRA_OPTIONS[] = {"--public", "--calls", "--sites", "--milliseconds", "--min-samples",
                                            "--max-samples", "--keys", NULL};

int ct_op_form(int argc, char **argv)
{
    return argc >= 2 && strncmp(argv[1], "--category", 10) == 0;
}

/* Splits a comma-separated list of at most CT_OP_MAX_SECRETS names into names[] (storage: buffer). */
static int split_names(const char *list, char *buffer, size_t buffer_bytes, const char **names, unsigned *count)
{
    char *state = NULL;
    char *token;
    if (strlen(list) >= buffer_bytes) {
        return -1;
    }
    strcpy(buffer, list);
    for (token = strtok_r(buffer, ",", &state); token != NULL; token = strtok_r(NULL, ",", &state)) {
        if (*count == CT_OP_MAX_SECRETS) {
            return -1;
        }
        names[(*count)++] = token;
    }
    return *count == 0 ? -1 : 0;
}

static int split_secrets(ct_op *c)
{
    static char secrets[256];
    static char publics[256];
    const char *public_list = ct_op_extra(c, "public");
    if (split_names(c->secret_list, secrets, sizeof secrets, c->secrets, &c->secret_count) != 0) {
        return -1;
    }
    return public_list == NULL ? 0 : split_names(public_list, publics, sizeof publics, c->publics, &c->public_count);
}

/* Takes --category, --operation, --secret and the subcommand's options out of argv; the rest
 * (--param, --adapter) goes to parse_op_options. */
static int take_own_options(ct_op *c, int argc, char **argv, int *rest_count, char **rest)
{
    int i;
    *rest_count = 0;
    rest[(*rest_count)++] = argv[0];
    for (i = 1; i < argc; i++) {
        const char *value = NULL;
        int found = 0;
        unsigned k;
        if ((found = take_option(argc, argv, &i, "--category", &value)) == 1) {
            c->category_name = value;
        } else if (found == 0 && (found = take_option(argc, argv, &i, "--operation", &value)) == 1) {
            c->operation_name = value;
        } else if (found == 0 && (found = take_option(argc, argv, &i, "--secret", &value)) == 1) {
            c->secret_list = value;
        }
        for (k = 0; found == 0 && EXTRA_OPTIONS[k] != NULL; k++) {
            if ((found = take_option(argc, argv, &i, EXTRA_OPTIONS[k], &value)) == 1) {
                if (c->extra_count == sizeof c->extra_names / sizeof c->extra_names[0]) {
                    return -1;
                }
                c->extra_names[c->extra_count] = EXTRA_OPTIONS[k] + 2;
                c->extra_values[c->extra_count++] = value;
            }
        }
        if (found < 0) {
            return -1;
        }
        if (found == 0) {
            rest[(*rest_count)++] = argv[i];
        }
    }
    return c->category_name != NULL && c->operation_name != NULL && c->secret_list != NULL ? 0 : -1;
}

int ct_op_open(const char *subcommand, int argc, char **argv, ct_op *c)
{
    static const op_positionals ONE = {1, 1, "LIB"};
    char *rest[64];
    int rest_count;
    int code;
    memset(c, 0, sizeof *c);
    c->subcommand = subcommand;
    if (argc > 64 || take_own_options(c, argc, argv, &rest_count, rest) != 0 || split_secrets(c) != 0) {
        return usage_error(subcommand, "expected LIB --category NAME --operation OP --secret LIST "
                                       "[--param NAME=VALUE]... and the subcommand's options, each once");
    }
    if ((code = parse_op_options(subcommand, rest_count, rest, &ONE, 0, &c->opts)) != DRV_EXIT_OK) {
        return code;
    }
    c->library = c->opts.positional[0];
    crash_guard_arm(c->library);
    if ((code = category_find(subcommand, c->category_name, c->opts.adapter, &c->category)) != DRV_EXIT_OK) {
        return code;
    }
    c->op = category_operation(c->category, c->operation_name);
    if (c->op == NULL) {
        return usage_error_got(subcommand, "the category has no such operation", c->operation_name);
    }
    if ((code = op_parameter_values(subcommand, c->op, &c->opts, c->values)) != DRV_EXIT_OK) {
        return code;
    }
    if (!pk_op_is_category(c->category)) {
        return usage_error_got(subcommand,
                               "the operation form audits the public-key categories (kem, sig, kex), whose "
                               "tables keep named inputs; this category keeps none",
                               c->category_name);
    }
    return category_open_library(c->category, c->library);
}

const char *ct_op_extra(const ct_op *c, const char *name)
{
    unsigned k;
    for (k = 0; k < c->extra_count; k++) {
        if (strcmp(c->extra_names[k], name) == 0) {
            return c->extra_values[k];
        }
    }
    return NULL;
}

int ct_op_prepare(ct_op *c, unsigned count)
{
    ct_op_buffer probe[CT_OP_MAX_SECRETS];
    unsigned k;
    int code;
    for (k = c->state_count; k < count && k < CT_OP_MAX_STATES; k++) {
        ngcc_op_problem p;
        int status;
        memset(&p, 0, sizeof p);
        crash_guard_set_phase("in the set-up of the audited operation", 0);
        pk_op_seed_variant = k;
        status = c->op->prepare(category_host(c->library), c->values, &c->states[k], &p);
        pk_op_seed_variant = 0;
        crash_guard_set_phase(NULL, 0);
        c->state_count = k + 1;
        if (status != NGCC_OP_OK) {
            op_context ctx = {c->subcommand, c->library, c->category->name, c->op->name, "prepare", 0, 0};
            return report_op_problem(status, &p, &ctx);
        }
        if ((code = ct_op_secrets(c, k, probe)) != DRV_EXIT_OK) {
            return code;
        }
    }
    return DRV_EXIT_OK;
}

int ct_op_secrets(const ct_op *c, unsigned k, ct_op_buffer *out)
{
    const pk_op_head *head = c->states[k];
    unsigned s;
    for (s = 0; s < c->secret_count; s++) {
        int i;
        out[s].data = NULL;
        if (strcmp(c->secrets[s], "drng") == 0) {
            /* V and C of the context (drng.h's layout); the reseed counter stays public. */
            out[s].data = (unsigned char *)pk_op_kat.lib.drng_context;
            out[s].bytes = 2 * ICCS_SEEDLEN;
            continue;
        }
        for (i = 0; i < head->input_count; i++) {
            if (strcmp(head->inputs[i].name, c->secrets[s]) == 0) {
                /* The kept input points at the operation's own (writable) buffer. */
                out[s].data = (unsigned char *)(uintptr_t)head->inputs[i].data;
                out[s].bytes = head->inputs[i].bytes;
            }
        }
        if (out[s].data == NULL) {
            return usage_error_got(c->subcommand, "the operation keeps no input of that name (kem dec: sk; sig sign: "
                                                  "sk, drng; kex derive-a: ska, sta; derive-b: skb, stb)",
                                   c->secrets[s]);
        }
    }
    return DRV_EXIT_OK;
}

/* The guarded buffer `name` of state k: the k-th buffer of that name (each prepare adds its own). */
static const unsigned char *named_buffer(const char *name, unsigned k, size_t *bytes)
{
    int i;
    unsigned seen = 0;
    for (i = 0; i < pk_op_kat.buffer_count; i++) {
        if (strcmp(pk_op_kat.buffers[i].name, name) == 0 && seen++ == k) {
            *bytes = pk_op_kat.buffers[i].g.len_bytes;
            return gbuf_data(&pk_op_kat.buffers[i].g);
        }
    }
    return NULL;
}

unsigned ct_op_public_regions(const ct_op *c, unsigned k, ct_op_region *out)
{
    ct_op_buffer secrets[CT_OP_MAX_SECRETS];
    unsigned count = 0;
    unsigned s;
    unsigned p;
    if (ct_op_secrets(c, k, secrets) != DRV_EXIT_OK) {
        return 0;
    }
    for (p = 0; p < c->public_count; p++) {
        size_t n = 0;
        const unsigned char *pub = named_buffer(c->publics[p], k, &n);
        if (pub == NULL || n < 16) {
            continue;
        }
        for (s = 0; s < c->secret_count; s++) {
            size_t at = 0;
            while (count < CT_OP_MAX_REGIONS && at + n <= secrets[s].bytes) {
                const unsigned char *hit = memmem(secrets[s].data + at, secrets[s].bytes - at, pub, n);
                if (hit == NULL) {
                    break;
                }
                out[count].secret = s;
                out[count].offset = (size_t)(hit - secrets[s].data);
                out[count].bytes = n;
                count++;
                at = (size_t)(hit - secrets[s].data) + n;
            }
        }
    }
    return count;
}

void ct_op_copy_secrets(const ct_op *c, unsigned from, unsigned to)
{
    ct_op_buffer a[CT_OP_MAX_SECRETS];
    ct_op_buffer b[CT_OP_MAX_SECRETS];
    ct_op_region regions[CT_OP_MAX_REGIONS];
    unsigned char *saved[CT_OP_MAX_REGIONS];
    unsigned n;
    unsigned r;
    unsigned s;
    if (from == to || ct_op_secrets(c, from, a) != DRV_EXIT_OK || ct_op_secrets(c, to, b) != DRV_EXIT_OK) {
        return;
    }
    n = ct_op_public_regions(c, to, regions);
    for (r = 0; r < n; r++) {
        saved[r] = malloc(regions[r].bytes);
        if (saved[r] != NULL) {
            memcpy(saved[r], b[regions[r].secret].data + regions[r].offset, regions[r].bytes);
        }
    }
    for (s = 0; s < c->secret_count; s++) {
        if (a[s].data != b[s].data) {
            memcpy(b[s].data, a[s].data, a[s].bytes < b[s].bytes ? a[s].bytes : b[s].bytes);
        }
    }
    for (r = 0; r < n; r++) {
        if (saved[r] != NULL) {
            memcpy(b[regions[r].secret].data + regions[r].offset, saved[r], regions[r].bytes);
            free(saved[r]);
        }
    }
}

int ct_op_call_failed(const ct_op *c, const char *phase, uint64_t index, int rc)
{
    ngcc_op_problem p;
    op_context ctx = {c->subcommand, c->library, c->category->name, c->op->name, phase, 1, index};
    memset(&p, 0, sizeof p);
    p.return_code = rc;
    return report_op_problem(NGCC_OP_FAILED, &p, &ctx);
}

void ct_op_release(ct_op *c)
{
    unsigned k;
    for (k = 0; k < c->state_count; k++) {
        c->op->release(c->states[k]);
    }
    c->state_count = 0;
}
