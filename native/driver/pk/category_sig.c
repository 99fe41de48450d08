/* The signature category's table (ngcc_category.h; the ICCS public-key APIs): libraries
 * that define the sig_* functions; operations keygen, sign and verify, sign and verify with the
 * parameter messageBytes (the guide's one 64-byte message, §3.4.1, is the category module's
 * choice), the message drawn from the DRNG after the set-up key pair. sign and verify use one key
 * pair and one detached signature made in prepare; verify must accept it there, or the run is
 * CHECKFAIL before any timing. A sign attempt that fails (non-zero) is retried inside the
 * timed call, up to PK_SIGN_ATTEMPTS times, and counted (pk_op_head.retries: op-time prints them);
 * so a sign's time includes its failed attempts, as the published method counts them. After a
 * batch of signs, the last signature must verify. */
#define _POSIX_C_SOURCE 200809L
#include "pk_op.h"

#include "../args.h"

#include <stdlib.h>
#include <string.h>

enum { SIG_KEYGEN, SIG_SIGN, SIG_VERIFY };

/* The largest message the parameter allows (bytes). */
#define SIG_MAX_MESSAGE_BYTES ((uint64_t)1 << 30)

typedef struct {
    pk_op_head head;
    int op;
    pk_keygen_fn keygen;
    pk_sig_sign_fn sign;
    pk_sig_verify_fn verify;
    pk_len pk_cap, sk_cap, sn_cap, m_len;
    pk_len pk_len, sk_len, sn_len;
    unsigned char *pk, *sk, *sn, *m;
} sig_state;

static const char *const SIG_SYMBOLS[] = {"sig_get_pk_len_bytes", "sig_get_sk_len_bytes", "sig_get_sn_len_bytes",
                                          "sig_keygen", "sig_sign", "sig_verify", NULL};
static const char *const NO_PARAMETERS[] = {NULL};
static const char *const MESSAGE_PARAMETERS[] = {"messageBytes", NULL};
static const char *const NO_KAT_KINDS[] = {NULL};

static int sig_keygen_call(void *state)
{
    sig_state *s = state;
    s->pk_len = s->pk_cap;
    s->sk_len = s->sk_cap;
    return s->keygen(s->pk, &s->pk_len, s->sk, &s->sk_len);
}

static int sig_sign_call(void *state)
{
    sig_state *s = state;
    int attempts;
    int rc;
    for (attempts = 1;; attempts++) {
        s->sn_len = s->sn_cap;
        rc = s->sign(s->sk, s->sk_len, s->m, s->m_len, s->sn, &s->sn_len);
        if (rc == 0 || attempts == PK_SIGN_ATTEMPTS) {
            return rc;
        }
        s->head.retries++;
    }
}

static int sig_verify_call(void *state)
{
    sig_state *s = state;
    return s->verify(s->pk, s->pk_len, s->sn, s->sn_len, s->m, s->m_len);
}

static int verifies(sig_state *s, const char *when, ngcc_op_problem *p)
{
    int rc;
    int status;
    pk_op_enter("in sig_verify checking the signature sig_sign made");
    rc = sig_verify_call(s);
    pk_op_leave();
    if ((status = pk_op_check_buffers(&s->head, "sig_verify", p)) != NGCC_OP_OK) {
        return status;
    }
    if (rc != 0) {
        return pk_op_problem(p, NGCC_OP_WRONG, "sn", "sig_verify returned %d (invalid) for the signature sig_sign made %s",
                             rc, when);
    }
    return NGCC_OP_OK;
}

static int keygen_lengths(sig_state *s, ngcc_op_problem *p)
{
    int status = pk_op_check_length("sig_keygen", "pk", s->pk_len, s->pk_cap, p);
    return status == NGCC_OP_OK ? pk_op_check_length("sig_keygen", "sk", s->sk_len, s->sk_cap, p) : status;
}

static int sig_check(void *state, ngcc_op_problem *p)
{
    sig_state *s = state;
    static const char *const NAMES[] = {"sig_keygen", "sig_sign", "sig_verify"};
    int status = pk_op_check_buffers(&s->head, NAMES[s->op], p);
    if (status != NGCC_OP_OK) {
        return status;
    }
    switch (s->op) {
    case SIG_KEYGEN:
        return keygen_lengths(s, p);
    case SIG_SIGN:
        status = pk_op_check_length("sig_sign", "sn", s->sn_len, s->sn_cap, p);
        return status == NGCC_OP_OK ? verifies(s, "in the last timed call", p) : status;
    default:
        return NGCC_OP_OK;
    }
}

static void sig_release(void *state)
{
    sig_state *s = state;
    if (s != NULL) {
        pk_op_release_head(&s->head);
        free(s);
    }
}

static int sig_setup(sig_state *s, ngcc_op_problem *p)
{
    int rc;
    int status;
    pk_op_enter("in sig_keygen making the set-up key pair");
    rc = sig_keygen_call(s);
    pk_op_leave();
    if ((status = pk_op_setup_result("sig_keygen", rc, rc != 0, p)) != NGCC_OP_OK ||
        (status = pk_op_check_buffers(&s->head, "sig_keygen", p)) != NGCC_OP_OK ||
        (status = keygen_lengths(s, p)) != NGCC_OP_OK) {
        return status;
    }
    pk_drng_get(&pk_op_kat, pk_op_kat.lib.drng_context, s->m, s->m_len * 8);
    /* sign too: its check after a batch verifies the last signature, which must exist even when
     * the batch had no call. */
    {
        pk_op_enter("in sig_sign making the set-up signature");
        rc = sig_sign_call(s);
        pk_op_leave();
        if ((status = pk_op_setup_result("sig_sign", rc, rc != 0, p)) != NGCC_OP_OK ||
            (status = pk_op_check_buffers(&s->head, "sig_sign", p)) != NGCC_OP_OK ||
            (status = pk_op_check_length("sig_sign", "sn", s->sn_len, s->sn_cap, p)) != NGCC_OP_OK ||
            (status = verifies(s, "during the set-up", p)) != NGCC_OP_OK) {
            return status;
        }
    }
    if (s->op == SIG_VERIFY ? pk_op_keep_input(&s->head, "pk", s->pk, s->pk_len) != 0 ||
                                  pk_op_keep_input(&s->head, "sn", s->sn, s->sn_len) != 0
                            : pk_op_keep_input(&s->head, "sk", s->sk, s->sk_len) != 0) {
        return pk_op_problem(p, NGCC_OP_NO_MEMORY, "", "no memory for a copy of the inputs");
    }
    if (pk_op_keep_input(&s->head, "message", s->m, s->m_len) != 0) {
        return pk_op_problem(p, NGCC_OP_NO_MEMORY, "", "no memory for a copy of the inputs");
    }
    return NGCC_OP_OK;
}

static int sig_prepare(int op, const char *message_bytes, void **state, ngcc_op_problem *p)
{
    pk_library *lib = &pk_op_kat.lib;
    sig_state *s = calloc(1, sizeof *s);
    uint64_t m_len = 0;
    if (s == NULL) {
        return pk_op_problem(p, NGCC_OP_NO_MEMORY, "", "no memory for the operation's state");
    }
    *state = s;
    s->op = op;
    if (message_bytes != NULL && parse_u64(message_bytes, 0, SIG_MAX_MESSAGE_BYTES, &m_len) != 0) {
        return pk_op_problem(p, NGCC_OP_SETUP, "", "messageBytes must be an integer from 0 to 2^30");
    }
    s->m_len = m_len;
    s->keygen = (pk_keygen_fn)lib->fn[PK_SIG_KEYGEN];
    s->sign = (pk_sig_sign_fn)lib->fn[PK_SIG_SIGN];
    s->verify = (pk_sig_verify_fn)lib->fn[PK_SIG_VERIFY];
    pk_op_seed();
    s->pk_cap = pk_op_getter(PK_SIG_GET_PK);
    s->sk_cap = pk_op_getter(PK_SIG_GET_SK);
    s->sn_cap = pk_op_getter(PK_SIG_GET_SN);
    s->pk = pk_op_buffer("pk", s->pk_cap);
    s->sk = pk_op_buffer("sk", s->sk_cap);
    s->sn = pk_op_buffer("sn", s->sn_cap);
    s->m = pk_op_buffer("message", s->m_len);
    if (s->pk == NULL || s->sk == NULL || s->sn == NULL || s->m == NULL) {
        return pk_op_problem(p, NGCC_OP_NO_MEMORY, "",
                             "no memory for the buffers the getters ask for (pk %llu, sk %llu, signature %llu bytes)",
                             s->pk_cap, s->sk_cap, s->sn_cap);
    }
    return op == SIG_KEYGEN ? NGCC_OP_OK : sig_setup(s, p);
}

static int prepare_keygen(const ngcc_host *h, const char *const *v, void **state, ngcc_op_problem *p)
{
    (void)h;
    (void)v;
    return sig_prepare(SIG_KEYGEN, NULL, state, p);
}

static int prepare_sign(const ngcc_host *h, const char *const *v, void **state, ngcc_op_problem *p)
{
    (void)h;
    return sig_prepare(SIG_SIGN, v[0], state, p);
}

static int prepare_verify(const ngcc_host *h, const char *const *v, void **state, ngcc_op_problem *p)
{
    (void)h;
    return sig_prepare(SIG_VERIFY, v[0], state, p);
}

static const ngcc_operation SIG_OPERATIONS[] = {
    {"keygen", NO_PARAMETERS, prepare_keygen, sig_keygen_call, sig_check, sig_release},
    {"sign", MESSAGE_PARAMETERS, prepare_sign, sig_sign_call, sig_check, sig_release},
    {"verify", MESSAGE_PARAMETERS, prepare_verify, sig_verify_call, sig_check, sig_release},
};

const ngcc_category CATEGORY_SIG = {
    NGCC_CATEGORY_ABI, "sig", SIG_SYMBOLS, SIG_OPERATIONS, 3u, NO_KAT_KINDS, NULL,
};
