/* The key-exchange category's table (ngcc_category.h; the ICCS public-key APIs):
 * libraries that define the kex_* functions; the operation `exchange` (both inits, every pass
 * until one returns 1, both derivations: kex_steps.c) and each step alone: init-a, init-b,
 * pass1 … pass6 (as many as the protocol has), derive-a, derive-b (operation names are lower case,
 * digits and hyphens: @ngcc-perf/record); no parameters. prepare runs one
 * whole exchange and checks it (the pass that finishes is pass kex_get_passes_num, both sides
 * derive the same secret: else CHECKFAIL before any timing); a step is then timed from the
 * state the set-up exchange had before it: each timed call of a pass or a derivation first
 * copies that state back (a memcpy of the state getter's bytes, inside the timed call), since
 * the step writes it. After a batch: guards, lengths, unchanged inputs, and a derivation's
 * secret equal to the one the other side derived (the whole exchange: both sides agree). */
#define _POSIX_C_SOURCE 200809L
#include "kex_steps.h"

#include <stdlib.h>
#include <string.h>

static const char *const KEX_SYMBOLS[] = {
    "kex_get_passes_num", "kex_get_pk_len_bytes", "kex_get_sk_len_bytes", "kex_get_sta_len_bytes",
    "kex_get_stb_len_bytes", "kex_get_ss_len_bytes", "kex_get_total_msg_len_bytes", "kex_init_a", "kex_init_b",
    "kex_generate_pass1_msg_a", "kex_derive_ss_a", "kex_derive_ss_b", NULL};
static const char *const NO_PARAMETERS[] = {NULL};
static const char *const NO_KAT_KINDS[] = {NULL};

/* The state a step reads and writes: the responder's for even passes and derive-b, else the initiator's. */
static unsigned char *step_state(kex_state *s, kex_step step, pk_len **length)
{
    int pass = kex_pass_of(step);
    int responder = (pass > 0 && pass % 2 == 0) || step == KEX_DERIVE_B;
    *length = responder ? &s->stb_len : &s->sta_len;
    return responder ? s->stb : s->sta;
}

static int restores_state(kex_step step)
{
    return step >= KEX_PASS1 && step <= KEX_DERIVE_B;
}

/* One whole exchange; the state before step `save_before` is kept in s->saved. */
static int exchange(kex_state *s, kex_step save_before)
{
    const pk_library *lib = &pk_op_kat.lib;
    kex_step step;
    int rc;
    kex_reset_lengths(s);
    s->finished_at = 0;
    s->passes_run = 0;
    for (step = KEX_INIT_A; step < KEX_STEP_COUNT; step++) {
        int pass = kex_pass_of(step);
        if (pass > 1 && (s->finished_at != 0 || s->passes_run < pass - 1 || lib->fn[PK_KEX_PASS_SYMBOL(pass)] == NULL)) {
            continue;
        }
        if (step == save_before && restores_state(step)) {
            pk_len *length;
            unsigned char *st = step_state(s, step, &length);
            memcpy(s->saved, st, (size_t)(st == s->sta ? s->sta_cap : s->stb_cap));
            s->saved_len = *length;
        }
        rc = kex_step_call(s, step);
        if (rc < 0) {
            s->failed_step = step;
            return rc;
        }
        if (pass > 0) {
            s->passes_run = pass;
            s->finished_at = rc == 1 ? pass : 0;
        }
    }
    return 0;
}

static int kex_call(void *state)
{
    kex_state *s = state;
    int rc;
    if (s->op == KEX_EXCHANGE) {
        return exchange(s, KEX_STEP_COUNT);
    }
    if (restores_state(s->op)) {
        pk_len *length;
        unsigned char *st = step_state(s, s->op, &length);
        memcpy(st, s->saved, (size_t)(st == s->sta ? s->sta_cap : s->stb_cap));
        *length = s->saved_len;
        s->ssa_len = s->ssb_len = s->ss_cap;
    } else {
        kex_reset_lengths(s);
    }
    rc = kex_step_call(s, s->op);
    return rc < 0 ? rc : 0;
}

static int same_secret(const unsigned char *a, pk_len a_len, const unsigned char *b, pk_len b_len)
{
    return a_len == b_len && memcmp(a, b, (size_t)a_len) == 0;
}

/* The exchange as the official program checks it: the finishing pass, and agreement. */
static int kex_check_exchange(const kex_state *s, ngcc_op_problem *p)
{
    if (s->finished_at != (int)s->passes) {
        return pk_op_problem(p, NGCC_OP_WRONG, "finishing-pass",
                             "pass %d returned 1 (finished; 0: none did) but kex_get_passes_num says %llu",
                             s->finished_at, s->passes);
    }
    if (!same_secret(s->ssa, s->ssa_len, s->ssb, s->ssb_len)) {
        return pk_op_problem(p, NGCC_OP_WRONG, "ss", "the initiator's and the responder's shared secrets differ");
    }
    return NGCC_OP_OK;
}

static int kex_check(void *state, ngcc_op_problem *p)
{
    kex_state *s = state;
    int status = pk_op_check_buffers(&s->head, KEX_STEP_FUNCTIONS[s->op], p);
    if (status != NGCC_OP_OK || (status = kex_step_lengths(s, s->op, p)) != NGCC_OP_OK) {
        return status;
    }
    if (s->op == KEX_EXCHANGE && (status = kex_check_exchange(s, p)) != NGCC_OP_OK) {
        return status;
    }
    if ((s->op == KEX_DERIVE_A && !same_secret(s->ssa, s->ssa_len, s->expected_ss, s->expected_ss_len)) ||
        (s->op == KEX_DERIVE_B && !same_secret(s->ssb, s->ssb_len, s->expected_ss, s->expected_ss_len))) {
        return pk_op_problem(p, NGCC_OP_WRONG, "ss", "%s gave another secret than the other side derived",
                             KEX_STEP_FUNCTIONS[s->op]);
    }
    return NGCC_OP_OK;
}

static void kex_release(void *state)
{
    kex_state *s = state;
    if (s != NULL) {
        pk_op_release_head(&s->head);
        free(s->saved);
        free(s->expected_ss);
        free(s);
    }
}

/* The inputs a step reads, kept by name so that a changed input is found after a batch and the
 * constant-time form (ct_op.c) can mark them: the side's long-term secret key (`ska`/`skb`), the
 * other side's public key, the message the step answers, and, for a pass or a derivation, the side's
 * state the step starts from (`sta`/`stb`: its ephemeral secrets). That state is the copy in
 * s->saved, which kex_call copies into the side's state buffer before every call: marking or
 * swapping the buffer itself would be undone by that copy, marking or swapping s->saved reaches
 * every call. */
static int keep_inputs(kex_state *s)
{
    pk_len n = 0;
    unsigned char *msg;
    int pass = kex_pass_of(s->op);
    int initiator = (pass > 0 && pass % 2 == 1) || s->op == KEX_DERIVE_A;
    int failed = 0;
    if (s->op == KEX_EXCHANGE || s->op == KEX_INIT_A || s->op == KEX_INIT_B) {
        return 0;
    }
    failed |= pk_op_keep_input(&s->head, initiator ? "ska" : "skb", initiator ? s->ska : s->skb,
                               initiator ? s->ska_len : s->skb_len);
    failed |= pk_op_keep_input(&s->head, initiator ? "pkb" : "pka", initiator ? s->pkb : s->pka,
                               initiator ? s->pkb_len : s->pka_len);
    failed |= pk_op_keep_input(&s->head, initiator ? "sta" : "stb", s->saved, s->saved_len);
    if (pass > 1) {
        failed |= pk_op_keep_input(&s->head, "message", s->m[pass - 1], s->m_len[pass - 1]);
    } else if (pass == 0) {
        msg = kex_last_message(s, s->op == KEX_DERIVE_A, &n);
        if (msg != NULL) {
            failed |= pk_op_keep_input(&s->head, "message", msg, n);
        }
    }
    return failed;
}

static int setup_exchange(kex_state *s, ngcc_op_problem *p)
{
    int rc;
    int status;
    pk_op_enter("in the set-up key exchange");
    rc = exchange(s, s->op);
    pk_op_leave();
    if ((status = pk_op_setup_result(KEX_STEP_FUNCTIONS[s->failed_step], rc, rc < 0, p)) != NGCC_OP_OK ||
        (status = pk_op_check_buffers(&s->head, "the set-up key exchange", p)) != NGCC_OP_OK ||
        (status = kex_step_lengths(s, KEX_EXCHANGE, p)) != NGCC_OP_OK) {
        return status;
    }
    if ((status = kex_check_exchange(s, p)) != NGCC_OP_OK) {
        return status;
    }
    if (kex_pass_of(s->op) > s->passes_run) {
        return pk_op_problem(p, NGCC_OP_SETUP, "", "the exchange finishes at pass %d: it has no %s to time",
                             s->passes_run, KEX_STEP_FUNCTIONS[s->op]);
    }
    s->expected_ss_len = s->op == KEX_DERIVE_A ? s->ssb_len : s->ssa_len;
    memcpy(s->expected_ss, s->op == KEX_DERIVE_A ? s->ssb : s->ssa, (size_t)s->expected_ss_len);
    return keep_inputs(s) != 0 ? pk_op_problem(p, NGCC_OP_NO_MEMORY, "", "no memory for a copy of the inputs")
                               : NGCC_OP_OK;
}

static int kex_prepare(kex_step op, void **state, ngcc_op_problem *p)
{
    const pk_library *lib = &pk_op_kat.lib;
    kex_state *s = calloc(1, sizeof *s);
    int n;
    if (s == NULL) {
        return pk_op_problem(p, NGCC_OP_NO_MEMORY, "", "no memory for the operation's state");
    }
    *state = s;
    s->op = op;
    pk_op_seed();
    s->passes = pk_op_getter(PK_KEX_GET_PASSES);
    s->pk_cap = pk_op_getter(PK_KEX_GET_PK);
    s->sk_cap = pk_op_getter(PK_KEX_GET_SK);
    s->sta_cap = pk_op_getter(PK_KEX_GET_STA);
    s->stb_cap = pk_op_getter(PK_KEX_GET_STB);
    s->ss_cap = pk_op_getter(PK_KEX_GET_SS);
    s->total = pk_op_getter(PK_KEX_GET_TOTAL);
    for (n = 2; n <= PK_KEX_MAX_PASSES && (pk_len)n <= s->passes; n++) {
        if (lib->fn[PK_KEX_PASS_SYMBOL(n)] == NULL) {
            return pk_op_problem(p, NGCC_OP_SETUP, "symbol",
                                 "kex_get_passes_num says %llu passes but %s is not defined: export it with C linkage",
                                 s->passes, PK_SYMBOL_NAMES[PK_KEX_PASS_SYMBOL(n)]);
        }
    }
    s->pka = pk_op_buffer("pka", s->pk_cap);
    s->ska = pk_op_buffer("ska", s->sk_cap);
    s->pkb = pk_op_buffer("pkb", s->pk_cap);
    s->skb = pk_op_buffer("skb", s->sk_cap);
    s->sta = pk_op_buffer("sta", s->sta_cap);
    s->stb = pk_op_buffer("stb", s->stb_cap);
    s->ssa = pk_op_buffer("ssa", s->ss_cap);
    s->ssb = pk_op_buffer("ssb", s->ss_cap);
    for (n = 1; n <= PK_KEX_MAX_PASSES; n++) {
        static const char *const NAMES[PK_KEX_MAX_PASSES + 1] = {NULL, "m1", "m2", "m3", "m4", "m5", "m6"};
        s->m[n] = pk_op_buffer(NAMES[n], s->total);
    }
    s->saved = malloc((size_t)(s->sta_cap > s->stb_cap ? s->sta_cap : s->stb_cap) + 1);
    s->expected_ss = malloc((size_t)s->ss_cap + 1);
    for (n = 1; n <= PK_KEX_MAX_PASSES; n++) {
        if (s->m[n] == NULL) {
            return pk_op_problem(p, NGCC_OP_NO_MEMORY, "", "no memory for the messages (%llu bytes each)", s->total);
        }
    }
    if (!s->pka || !s->ska || !s->pkb || !s->skb || !s->sta || !s->stb || !s->ssa || !s->ssb || !s->saved ||
        !s->expected_ss) {
        return pk_op_problem(p, NGCC_OP_NO_MEMORY, "", "no memory for the buffers the getters ask for");
    }
    return setup_exchange(s, p);
}

#define KEX_PREPARE(fn, step)                                                                                   \
    static int fn(const ngcc_host *h, const char *const *v, void **state, ngcc_op_problem *p)                  \
    {                                                                                                           \
        (void)h;                                                                                                \
        (void)v;                                                                                                \
        return kex_prepare(step, state, p);                                                                     \
    }
KEX_PREPARE(prepare_exchange, KEX_EXCHANGE)
KEX_PREPARE(prepare_init_a, KEX_INIT_A)
KEX_PREPARE(prepare_init_b, KEX_INIT_B)
KEX_PREPARE(prepare_pass1, KEX_PASS1)
KEX_PREPARE(prepare_pass2, KEX_PASS2)
KEX_PREPARE(prepare_pass3, KEX_PASS3)
KEX_PREPARE(prepare_pass4, KEX_PASS4)
KEX_PREPARE(prepare_pass5, KEX_PASS5)
KEX_PREPARE(prepare_pass6, KEX_PASS6)
KEX_PREPARE(prepare_derive_a, KEX_DERIVE_A)
KEX_PREPARE(prepare_derive_b, KEX_DERIVE_B)

static const ngcc_operation KEX_OPERATIONS[] = {
    {"exchange", NO_PARAMETERS, prepare_exchange, kex_call, kex_check, kex_release},
    {"init-a", NO_PARAMETERS, prepare_init_a, kex_call, kex_check, kex_release},
    {"init-b", NO_PARAMETERS, prepare_init_b, kex_call, kex_check, kex_release},
    {"pass1", NO_PARAMETERS, prepare_pass1, kex_call, kex_check, kex_release},
    {"pass2", NO_PARAMETERS, prepare_pass2, kex_call, kex_check, kex_release},
    {"pass3", NO_PARAMETERS, prepare_pass3, kex_call, kex_check, kex_release},
    {"pass4", NO_PARAMETERS, prepare_pass4, kex_call, kex_check, kex_release},
    {"pass5", NO_PARAMETERS, prepare_pass5, kex_call, kex_check, kex_release},
    {"pass6", NO_PARAMETERS, prepare_pass6, kex_call, kex_check, kex_release},
    {"derive-a", NO_PARAMETERS, prepare_derive_a, kex_call, kex_check, kex_release},
    {"derive-b", NO_PARAMETERS, prepare_derive_b, kex_call, kex_check, kex_release},
};

const ngcc_category CATEGORY_KEX = {
    NGCC_CATEGORY_ABI, "kex", KEX_SYMBOLS, KEX_OPERATIONS, 11u, NO_KAT_KINDS, NULL,
};
