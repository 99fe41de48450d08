/* The KEM category's table (ngcc_category.h; the ICCS public-key APIs): libraries that
 * define the kem_* functions; operations keygen, enc and dec, no parameters. enc and dec use one
 * key pair and one ciphertext made in prepare and checked there: dec must give the secret enc
 * encapsulated, or the run is CHECKFAIL before any timing. Each timed call sets the output
 * lengths to their getters first (two stores), as the official KAT program's first call sees
 * them. After a batch: guards, lengths, unchanged inputs, and enc's last ciphertext decapsulated
 * to its secret (enc), or dec's secret equal to the encapsulated one (dec). */
#define _POSIX_C_SOURCE 200809L
#include "pk_op.h"

#include <stdlib.h>
#include <string.h>

enum { KEM_KEYGEN, KEM_ENC, KEM_DEC };

typedef struct {
    pk_op_head head;
    int op;
    pk_keygen_fn keygen;
    pk_kem_enc_fn enc;
    pk_kem_dec_fn dec;
    pk_len pk_cap, sk_cap, ct_cap, ss_cap;
    pk_len pk_len, sk_len, ct_len, ss_len, ss_dec_len;
    unsigned char *pk, *sk, *ct, *ss, *ss_dec;
} kem_state;

static const char *const KEM_SYMBOLS[] = {"kem_get_pk_len_bytes", "kem_get_sk_len_bytes", "kem_get_ss_len_bytes",
                                          "kem_get_ct_len_bytes", "kem_keygen", "kem_enc", "kem_dec", NULL};
static const char *const NO_PARAMETERS[] = {NULL};
static const char *const NO_KAT_KINDS[] = {NULL};

static int kem_keygen_call(void *state)
{
    kem_state *s = state;
    s->pk_len = s->pk_cap;
    s->sk_len = s->sk_cap;
    return s->keygen(s->pk, &s->pk_len, s->sk, &s->sk_len);
}

static int kem_enc_call(void *state)
{
    kem_state *s = state;
    s->ss_len = s->ss_cap;
    s->ct_len = s->ct_cap;
    return s->enc(s->pk, s->pk_len, s->ss, &s->ss_len, s->ct, &s->ct_len);
}

static int kem_dec_call(void *state)
{
    kem_state *s = state;
    s->ss_dec_len = s->ss_cap;
    return s->dec(s->sk, s->sk_len, s->ct, s->ct_len, s->ss_dec, &s->ss_dec_len);
}

/* dec of the current ciphertext must give the current secret. */
static int decapsulates(kem_state *s, const char *when, ngcc_op_problem *p)
{
    int rc;
    int status;
    pk_op_enter("in kem_dec checking the ciphertext kem_enc made");
    rc = kem_dec_call(s);
    pk_op_leave();
    if ((status = pk_op_check_buffers(&s->head, "kem_dec", p)) != NGCC_OP_OK ||
        (status = pk_op_check_length("kem_dec", "ss", s->ss_dec_len, s->ss_cap, p)) != NGCC_OP_OK) {
        return status;
    }
    if (rc != 0) {
        p->return_code = rc;
        return pk_op_problem(p, NGCC_OP_FAILED, "", "kem_dec returned %d on the ciphertext kem_enc made %s", rc, when);
    }
    if (s->ss_dec_len != s->ss_len || memcmp(s->ss, s->ss_dec, (size_t)s->ss_len) != 0) {
        return pk_op_problem(p, NGCC_OP_WRONG, "ss",
                             "kem_dec gave another shared secret (%llu bytes) than kem_enc encapsulated (%llu bytes) "
                             "%s",
                             s->ss_dec_len, s->ss_len, when);
    }
    return NGCC_OP_OK;
}

static int kem_check_keygen_lengths(kem_state *s, ngcc_op_problem *p)
{
    int status = pk_op_check_buffers(&s->head, "kem_keygen", p);
    if (status == NGCC_OP_OK) {
        status = pk_op_check_length("kem_keygen", "pk", s->pk_len, s->pk_cap, p);
    }
    return status == NGCC_OP_OK ? pk_op_check_length("kem_keygen", "sk", s->sk_len, s->sk_cap, p) : status;
}

static int kem_check(void *state, ngcc_op_problem *p)
{
    kem_state *s = state;
    static const char *const NAMES[] = {"kem_keygen", "kem_enc", "kem_dec"};
    int status = pk_op_check_buffers(&s->head, NAMES[s->op], p);
    if (status != NGCC_OP_OK) {
        return status;
    }
    switch (s->op) {
    case KEM_KEYGEN:
        return kem_check_keygen_lengths(s, p);
    case KEM_ENC:
        if ((status = pk_op_check_length("kem_enc", "ct", s->ct_len, s->ct_cap, p)) != NGCC_OP_OK ||
            (status = pk_op_check_length("kem_enc", "ss", s->ss_len, s->ss_cap, p)) != NGCC_OP_OK) {
            return status;
        }
        return decapsulates(s, "in the last timed call", p);
    default:
        if ((status = pk_op_check_length("kem_dec", "ss", s->ss_dec_len, s->ss_cap, p)) != NGCC_OP_OK) {
            return status;
        }
        if (s->ss_dec_len != s->ss_len || memcmp(s->ss, s->ss_dec, (size_t)s->ss_len) != 0) {
            return pk_op_problem(p, NGCC_OP_WRONG, "ss",
                                 "kem_dec gave another shared secret in a timed call than kem_enc encapsulated");
        }
        return NGCC_OP_OK;
    }
}

static void kem_release(void *state)
{
    kem_state *s = state;
    if (s != NULL) {
        pk_op_release_head(&s->head);
        free(s);
    }
}

/* The set-up of enc and dec: a key pair and one ciphertext, checked by decapsulation. */
static int kem_setup(kem_state *s, ngcc_op_problem *p)
{
    int rc;
    int status;
    pk_op_enter("in kem_keygen making the set-up key pair");
    rc = kem_keygen_call(s);
    pk_op_leave();
    if ((status = pk_op_setup_result("kem_keygen", rc, rc != 0, p)) != NGCC_OP_OK ||
        (status = kem_check_keygen_lengths(s, p)) != NGCC_OP_OK) {
        return status;
    }
    /* enc too: its check after a batch decapsulates the last ciphertext, which must exist even
     * when the batch had no call. */
    {
        pk_op_enter("in kem_enc making the set-up ciphertext");
        rc = kem_enc_call(s);
        pk_op_leave();
        if ((status = pk_op_setup_result("kem_enc", rc, rc != 0, p)) != NGCC_OP_OK ||
            (status = pk_op_check_buffers(&s->head, "kem_enc", p)) != NGCC_OP_OK ||
            (status = pk_op_check_length("kem_enc", "ct", s->ct_len, s->ct_cap, p)) != NGCC_OP_OK ||
            (status = pk_op_check_length("kem_enc", "ss", s->ss_len, s->ss_cap, p)) != NGCC_OP_OK ||
            (status = decapsulates(s, "during the set-up", p)) != NGCC_OP_OK) {
            return status;
        }
    }
    if (s->op == KEM_DEC ? pk_op_keep_input(&s->head, "sk", s->sk, s->sk_len) != 0 ||
                               pk_op_keep_input(&s->head, "ct", s->ct, s->ct_len) != 0
                         : pk_op_keep_input(&s->head, "pk", s->pk, s->pk_len) != 0) {
        return pk_op_problem(p, NGCC_OP_NO_MEMORY, "", "no memory for a copy of the inputs");
    }
    return NGCC_OP_OK;
}

static int kem_prepare(int op, void **state, ngcc_op_problem *p)
{
    pk_library *lib = &pk_op_kat.lib;
    kem_state *s = calloc(1, sizeof *s);
    int status;
    if (s == NULL) {
        return pk_op_problem(p, NGCC_OP_NO_MEMORY, "", "no memory for the operation's state");
    }
    *state = s;
    s->op = op;
    s->keygen = (pk_keygen_fn)lib->fn[PK_KEM_KEYGEN];
    s->enc = (pk_kem_enc_fn)lib->fn[PK_KEM_ENC];
    s->dec = (pk_kem_dec_fn)lib->fn[PK_KEM_DEC];
    pk_op_seed();
    s->pk_cap = pk_op_getter(PK_KEM_GET_PK);
    s->sk_cap = pk_op_getter(PK_KEM_GET_SK);
    s->ss_cap = pk_op_getter(PK_KEM_GET_SS);
    s->ct_cap = pk_op_getter(PK_KEM_GET_CT);
    s->pk = pk_op_buffer("pk", s->pk_cap);
    s->sk = pk_op_buffer("sk", s->sk_cap);
    s->ct = pk_op_buffer("ct", s->ct_cap);
    s->ss = pk_op_buffer("ss", s->ss_cap);
    s->ss_dec = pk_op_buffer("ss-dec", s->ss_cap);
    if (s->pk == NULL || s->sk == NULL || s->ct == NULL || s->ss == NULL || s->ss_dec == NULL) {
        return pk_op_problem(p, NGCC_OP_NO_MEMORY, "",
                             "no memory for the buffers the getters ask for (pk %llu, sk %llu, ct %llu, ss %llu bytes)",
                             s->pk_cap, s->sk_cap, s->ct_cap, s->ss_cap);
    }
    if (op == KEM_KEYGEN) {
        return NGCC_OP_OK;
    }
    status = kem_setup(s, p);
    return status;
}

static int prepare_keygen(const ngcc_host *h, const char *const *v, void **state, ngcc_op_problem *p)
{
    (void)h;
    (void)v;
    return kem_prepare(KEM_KEYGEN, state, p);
}

static int prepare_enc(const ngcc_host *h, const char *const *v, void **state, ngcc_op_problem *p)
{
    (void)h;
    (void)v;
    return kem_prepare(KEM_ENC, state, p);
}

static int prepare_dec(const ngcc_host *h, const char *const *v, void **state, ngcc_op_problem *p)
{
    (void)h;
    (void)v;
    return kem_prepare(KEM_DEC, state, p);
}

static const ngcc_operation KEM_OPERATIONS[] = {
    {"keygen", NO_PARAMETERS, prepare_keygen, kem_keygen_call, kem_check, kem_release},
    {"enc", NO_PARAMETERS, prepare_enc, kem_enc_call, kem_check, kem_release},
    {"dec", NO_PARAMETERS, prepare_dec, kem_dec_call, kem_check, kem_release},
};

const ngcc_category CATEGORY_KEM = {
    NGCC_CATEGORY_ABI, "kem", KEM_SYMBOLS, KEM_OPERATIONS, 3u, NO_KAT_KINDS, NULL,
};
