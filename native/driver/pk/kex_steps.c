/* The steps of one key exchange (kex_steps.h). */
#define _POSIX_C_SOURCE 200809L
#include "kex_steps.h"

#include <string.h>

const char *const KEX_STEP_FUNCTIONS[KEX_STEP_COUNT] = {
    "the key exchange", "kex_init_a", "kex_init_b", "kex_generate_pass1_msg_a", "kex_generate_pass2_msg_b",
    "kex_generate_pass3_msg_a", "kex_generate_pass4_msg_b", "kex_generate_pass5_msg_a", "kex_generate_pass6_msg_b",
    "kex_derive_ss_a", "kex_derive_ss_b",
};

void kex_reset_lengths(kex_state *s)
{
    s->pka_len = s->pkb_len = s->pk_cap;
    s->ska_len = s->skb_len = s->sk_cap;
    s->sta_len = s->sta_cap;
    s->stb_len = s->stb_cap;
    s->ssa_len = s->ssb_len = s->ss_cap;
    memset(s->m_len, 0, sizeof s->m_len);
}

int kex_pass_of(kex_step step)
{
    return step >= KEX_PASS1 && step <= KEX_PASS6 ? (int)(step - KEX_PASS1) + 1 : 0;
}

unsigned char *kex_last_message(kex_state *s, int responder, pk_len *length)
{
    /* The last pass of that side the exchange ran: even passes the responder's, odd the initiator's. */
    int n = s->passes_run;
    if (n % 2 != (responder ? 0 : 1)) {
        n--;
    }
    if (n < 1) {
        *length = 0;
        return NULL;
    }
    *length = s->m_len[n];
    return s->m[n];
}

int kex_step_call(kex_state *s, kex_step step)
{
    const pk_library *lib = &pk_op_kat.lib;
    unsigned char *msg;
    pk_len msg_len;
    int n;
    switch (step) {
    case KEX_INIT_A:
        return ((pk_kex_init_fn)lib->fn[PK_KEX_INIT_A])(s->pka, &s->pka_len, s->ska, &s->ska_len, s->sta, &s->sta_len);
    case KEX_INIT_B:
        return ((pk_kex_init_fn)lib->fn[PK_KEX_INIT_B])(s->pkb, &s->pkb_len, s->skb, &s->skb_len, s->stb, &s->stb_len);
    case KEX_PASS1:
        return ((pk_kex_pass1_fn)lib->fn[PK_KEX_PASS1_A])(s->ska, s->ska_len, s->pkb, s->pkb_len, s->sta, &s->sta_len,
                                                          s->m[1], &s->m_len[1]);
    case KEX_PASS2:
    case KEX_PASS4:
    case KEX_PASS6:
        n = kex_pass_of(step);
        return ((pk_kex_pass_fn)lib->fn[PK_KEX_PASS_SYMBOL(n)])(s->skb, s->skb_len, s->pka, s->pka_len, s->m[n - 1],
                                                                s->m_len[n - 1], s->stb, &s->stb_len, s->m[n],
                                                                &s->m_len[n]);
    case KEX_PASS3:
    case KEX_PASS5:
        n = kex_pass_of(step);
        return ((pk_kex_pass_fn)lib->fn[PK_KEX_PASS_SYMBOL(n)])(s->ska, s->ska_len, s->pkb, s->pkb_len, s->m[n - 1],
                                                                s->m_len[n - 1], s->sta, &s->sta_len, s->m[n],
                                                                &s->m_len[n]);
    case KEX_DERIVE_A:
        msg = kex_last_message(s, 1, &msg_len);
        return ((pk_kex_derive_fn)lib->fn[PK_KEX_DERIVE_A])(s->ska, s->ska_len, s->pkb, s->pkb_len, msg, msg_len,
                                                            s->sta, s->sta_len, s->ssa, &s->ssa_len);
    case KEX_DERIVE_B:
        msg = kex_last_message(s, 0, &msg_len);
        return ((pk_kex_derive_fn)lib->fn[PK_KEX_DERIVE_B])(s->skb, s->skb_len, s->pka, s->pka_len, msg, msg_len,
                                                            s->stb, s->stb_len, s->ssb, &s->ssb_len);
    default:
        return -1;
    }
}

int kex_step_lengths(const kex_state *s, kex_step step, ngcc_op_problem *p)
{
    const char *f = KEX_STEP_FUNCTIONS[step];
    int status = NGCC_OP_OK;
    switch (step) {
    case KEX_INIT_A:
        if ((status = pk_op_check_length(f, "pka", s->pka_len, s->pk_cap, p)) == NGCC_OP_OK &&
            (status = pk_op_check_length(f, "ska", s->ska_len, s->sk_cap, p)) == NGCC_OP_OK) {
            status = pk_op_check_length(f, "sta", s->sta_len, s->sta_cap, p);
        }
        return status;
    case KEX_INIT_B:
        if ((status = pk_op_check_length(f, "pkb", s->pkb_len, s->pk_cap, p)) == NGCC_OP_OK &&
            (status = pk_op_check_length(f, "skb", s->skb_len, s->sk_cap, p)) == NGCC_OP_OK) {
            status = pk_op_check_length(f, "stb", s->stb_len, s->stb_cap, p);
        }
        return status;
    case KEX_PASS1:
    case KEX_PASS2:
    case KEX_PASS3:
    case KEX_PASS4:
    case KEX_PASS5:
    case KEX_PASS6: {
        static const char *const MESSAGES[PK_KEX_MAX_PASSES + 1] = {NULL, "m1", "m2", "m3", "m4", "m5", "m6"};
        int n = kex_pass_of(step);
        status = n % 2 == 0 ? pk_op_check_length(f, "stb", s->stb_len, s->stb_cap, p)
                            : pk_op_check_length(f, "sta", s->sta_len, s->sta_cap, p);
        return status == NGCC_OP_OK ? pk_op_check_length(f, MESSAGES[n], s->m_len[n], s->total, p) : status;
    }
    case KEX_DERIVE_A:
        return pk_op_check_length(f, "ssa", s->ssa_len, s->ss_cap, p);
    case KEX_DERIVE_B:
        return pk_op_check_length(f, "ssb", s->ssb_len, s->ss_cap, p);
    default:
    {
        pk_len messages = 0;
        int n;
        for (n = 1; n <= PK_KEX_MAX_PASSES; n++) {
            messages += s->m_len[n];
        }
        if ((status = pk_op_check_length(f, "messages", messages, s->total, p)) != NGCC_OP_OK) {
            return status;
        }
        for (step = KEX_INIT_A; step < KEX_STEP_COUNT && status == NGCC_OP_OK; step++) {
            if (kex_pass_of(step) <= s->passes_run) {
                status = kex_step_lengths(s, step, p);
            }
        }
        return status;
    }
    }
}
