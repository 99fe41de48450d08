/* A toy key exchange (NOT secure) over the ICCS DRNG, for `pk-kat` tests;
 * TOY_PASSES = 2, 3 or 4 (CMakeLists.txt builds each).
 * Long-term keys: sk = 16 DRNG bytes, pk = sk XOR 0x77. Pass 1 (initiator):
 * ra = 16 DRNG bytes, M1 = ra, sta = ra. Pass 2 (responder): rb = 16 DRNG bytes,
 * M2 = rb, stb = ra ‖ rb; finished (1) in the 2-pass protocol. Pass 3
 * (initiator, 3- and 4-pass): M3 = toy_mix(ra ‖ rb)[0..7], sta = ra ‖ rb, finished in the
 * 3-pass protocol. Pass 4 (responder, 4-pass only): M4 = toy_mix(M3 ‖ stb)[0..7], finished.
 * Both sides: ss = toy_mix(ra ‖ rb ‖ pka ‖ pkb)[0..31]. States 32 bytes,
 * messages 32 + 8 per pass after the second in all.
 * Compile-time faults: TOY_FAULT_DISAGREE (the responder's secret has its
 * last bit flipped); TOY_FAULT_EARLY_FINISH (pass 1 already returns 1). */
#include "pk_toy.h"

#include <string.h>

#ifndef TOY_PASSES
#define TOY_PASSES 2
#endif
#define KEY_BYTES 16
#define NONCE_BYTES 16
#define STATE_BYTES 32
#define SS_BYTES 32
#define CONFIRM_BYTES 8
#define TOTAL_BYTES (2 * NONCE_BYTES + (TOY_PASSES - 2) * CONFIRM_BYTES)

unsigned long long kex_get_passes_num(void) { return TOY_PASSES; }
unsigned long long kex_get_pk_len_bytes(void) { return KEY_BYTES; }
unsigned long long kex_get_sk_len_bytes(void) { return KEY_BYTES; }
unsigned long long kex_get_sta_len_bytes(void) { return STATE_BYTES; }
unsigned long long kex_get_stb_len_bytes(void) { return STATE_BYTES; }
unsigned long long kex_get_ss_len_bytes(void) { return SS_BYTES; }
unsigned long long kex_get_total_msg_len_bytes(void) { return TOTAL_BYTES; }

static int init_side(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len,
                     unsigned char *st, unsigned long long *st_len)
{
    int i;
    get_random_number(&drng_algorithm, sk, 8 * KEY_BYTES);
    for (i = 0; i < KEY_BYTES; i++) {
        pk[i] = (unsigned char)(sk[i] ^ 0x77);
    }
    memset(st, 0, STATE_BYTES);
    *pk_len = KEY_BYTES;
    *sk_len = KEY_BYTES;
    *st_len = STATE_BYTES;
    return 0;
}

int kex_init_a(unsigned char *pka, unsigned long long *pka_len, unsigned char *ska, unsigned long long *ska_len,
               unsigned char *sta, unsigned long long *sta_len)
{
    return init_side(pka, pka_len, ska, ska_len, sta, sta_len);
}

int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len, unsigned char *skb, unsigned long long *skb_len,
               unsigned char *stb, unsigned long long *stb_len)
{
    return init_side(pkb, pkb_len, skb, skb_len, stb, stb_len);
}

int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len, unsigned char *pkb,
                             unsigned long long pkb_len, unsigned char *sta, unsigned long long *sta_len,
                             unsigned char *m1, unsigned long long *m1_len)
{
    (void)ska;
    (void)ska_len;
    (void)pkb;
    (void)pkb_len;
    get_random_number(&drng_algorithm, sta, 8 * NONCE_BYTES);
    memcpy(m1, sta, NONCE_BYTES);
    *sta_len = STATE_BYTES;
    *m1_len = NONCE_BYTES;
#ifdef TOY_FAULT_EARLY_FINISH
    return 1;
#else
    return 0;
#endif
}

int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len, unsigned char *pka,
                             unsigned long long pka_len, unsigned char *m1, unsigned long long m1_len,
                             unsigned char *stb, unsigned long long *stb_len, unsigned char *m2,
                             unsigned long long *m2_len)
{
    (void)skb;
    (void)skb_len;
    (void)pka;
    (void)pka_len;
    if (m1_len != NONCE_BYTES) {
        return -1;
    }
    memcpy(stb, m1, NONCE_BYTES);
    get_random_number(&drng_algorithm, stb + NONCE_BYTES, 8 * NONCE_BYTES);
    memcpy(m2, stb + NONCE_BYTES, NONCE_BYTES);
    *stb_len = STATE_BYTES;
    *m2_len = NONCE_BYTES;
    return TOY_PASSES == 2 ? 1 : 0;
}

int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len, unsigned char *pkb,
                             unsigned long long pkb_len, unsigned char *m2, unsigned long long m2_len,
                             unsigned char *sta, unsigned long long *sta_len, unsigned char *m3,
                             unsigned long long *m3_len)
{
    (void)ska;
    (void)ska_len;
    (void)pkb;
    (void)pkb_len;
    if (m2_len != NONCE_BYTES) {
        return -1;
    }
    memcpy(sta + NONCE_BYTES, m2, NONCE_BYTES);
    toy_mix(m3, CONFIRM_BYTES, sta, STATE_BYTES, NULL, 0);
    *sta_len = STATE_BYTES;
    *m3_len = CONFIRM_BYTES;
    return TOY_PASSES == 3 ? 1 : 0;
}

#if TOY_PASSES >= 4
/* Pass 4 (responder, 4-pass only): M4 = toy_mix(M3 ‖ stb)[0..7], finished. */
int kex_generate_pass4_msg_b(unsigned char *skb, unsigned long long skb_len, unsigned char *pka,
                             unsigned long long pka_len, unsigned char *m3, unsigned long long m3_len,
                             unsigned char *stb, unsigned long long *stb_len, unsigned char *m4,
                             unsigned long long *m4_len)
{
    (void)skb;
    (void)skb_len;
    (void)pka;
    (void)pka_len;
    if (m3_len != CONFIRM_BYTES) {
        return -1;
    }
    toy_mix(m4, CONFIRM_BYTES, m3, CONFIRM_BYTES, stb, STATE_BYTES);
    *stb_len = STATE_BYTES;
    *m4_len = CONFIRM_BYTES;
    return 1;
}
#endif

static void secret(const unsigned char ra_rb[STATE_BYTES], const unsigned char *pka, const unsigned char *pkb,
                   unsigned char *ss)
{
    unsigned char keys[2 * KEY_BYTES];
    memcpy(keys, pka, KEY_BYTES);
    memcpy(keys + KEY_BYTES, pkb, KEY_BYTES);
    toy_mix(ss, SS_BYTES, ra_rb, STATE_BYTES, keys, sizeof keys);
}

int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len, unsigned char *pkb, unsigned long long pkb_len,
                    unsigned char *mb, unsigned long long mb_len, unsigned char *sta, unsigned long long sta_len,
                    unsigned char *ssa, unsigned long long *ssa_len)
{
    unsigned char ra_rb[STATE_BYTES];
    unsigned char pka[KEY_BYTES];
    int i;
    if (ska_len != KEY_BYTES || pkb_len != KEY_BYTES || sta_len != STATE_BYTES) {
        return -1;
    }
    for (i = 0; i < KEY_BYTES; i++) {
        pka[i] = (unsigned char)(ska[i] ^ 0x77);
    }
    /* rb from the responder's last message when it is M2, else from the state pass 3 wrote (a
     * 4-pass exchange, whose last responder message is M4), or zeros (an exchange that finished
     * at pass 1: the state kex_init_a cleared). */
    memcpy(ra_rb, sta, STATE_BYTES);
    if (mb != NULL && mb_len == NONCE_BYTES) {
        memcpy(ra_rb + NONCE_BYTES, mb, NONCE_BYTES);
    }
    secret(ra_rb, pka, pkb, ssa);
    *ssa_len = SS_BYTES;
    return 0;
}

int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len, unsigned char *pka, unsigned long long pka_len,
                    unsigned char *ma, unsigned long long ma_len, unsigned char *stb, unsigned long long stb_len,
                    unsigned char *ssb, unsigned long long *ssb_len)
{
    unsigned char pkb[KEY_BYTES];
    int i;
    (void)ma;
    (void)ma_len;
    if (skb_len != KEY_BYTES || pka_len != KEY_BYTES || stb_len != STATE_BYTES) {
        return -1;
    }
    for (i = 0; i < KEY_BYTES; i++) {
        pkb[i] = (unsigned char)(skb[i] ^ 0x77);
    }
    secret(stb, pka, pkb, ssb);
#ifdef TOY_FAULT_DISAGREE
    ssb[SS_BYTES - 1] ^= 0x01;
#endif
    *ssb_len = SS_BYTES;
    return 0;
}
