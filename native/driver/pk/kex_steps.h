/* One key exchange of the key-exchange category table (category_kex.c), step by step: the
 * buffers and lengths of both sides, and each step of the official order (kex_init_a, kex_init_b,
 * pass 1, 2, 3 until one returns 1, kex_derive_ss_a, kex_derive_ss_b; the ICCS public-key APIs). */
#ifndef NGCC_KEX_STEPS_H
#define NGCC_KEX_STEPS_H

#include "pk_op.h"

/* The steps, in the official order; KEX_EXCHANGE is all of them. Pass n is KEX_PASS1 + n - 1:
 * odd passes the initiator's, even ones the responder's. */
typedef enum {
    KEX_EXCHANGE, KEX_INIT_A, KEX_INIT_B, KEX_PASS1, KEX_PASS2, KEX_PASS3, KEX_PASS4, KEX_PASS5, KEX_PASS6,
    KEX_DERIVE_A, KEX_DERIVE_B, KEX_STEP_COUNT
} kex_step;

typedef struct {
    pk_op_head head;
    kex_step op;
    pk_len passes, pk_cap, sk_cap, sta_cap, stb_cap, ss_cap, total;
    pk_len pka_len, ska_len, pkb_len, skb_len, sta_len, stb_len, ssa_len, ssb_len;
    pk_len m_len[PK_KEX_MAX_PASSES + 1];
    unsigned char *pka, *ska, *pkb, *skb, *sta, *stb, *ssa, *ssb, *m[PK_KEX_MAX_PASSES + 1];
    /* The state the timed step starts from (sta or stb as it was before the step in the set-up
     * exchange), copied back before each timed call of a pass or derivation. */
    unsigned char *saved;
    pk_len saved_len;
    /* The secret the other side derived in the set-up exchange (derive_a, derive_b). */
    unsigned char *expected_ss;
    pk_len expected_ss_len;
    /* The pass that returned 1 (finished) in the last exchange, 0 when none did; the passes it ran. */
    int finished_at;
    int passes_run;
    /* The step that returned an error in the last exchange. */
    kex_step failed_step;
} kex_state;

extern const char *const KEX_STEP_FUNCTIONS[KEX_STEP_COUNT];

/* The lengths every call starts from: the getters' figures, messages 0 (as KAT_KEX.c). */
void kex_reset_lengths(kex_state *s);

/* One step on the state's buffers: its return value (KEX: < 0 an error, 1 finished, 0 go on). */
int kex_step_call(kex_state *s, kex_step step);

/* The responder's last message and the initiator's last message of the exchange so far. */
unsigned char *kex_last_message(kex_state *s, int responder, pk_len *length);

/* A step's outputs against their getters (NGCC_OP_OK or NGCC_OP_OVERFLOW). */
int kex_step_lengths(const kex_state *s, kex_step step, ngcc_op_problem *p);

/* The pass number of a pass step (1 .. PK_KEX_MAX_PASSES), 0 for another step. */
int kex_pass_of(kex_step step);

#endif
