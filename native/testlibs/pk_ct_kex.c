/* Toy 2-pass key exchanges (NOT secure) for the constant-time audit of a derivation with its side's
 * state marked secret (packages/ct/test/ct-operation.test.ts). Long-term keys exist (sk = 16 DRNG
 * bytes, pk = sk XOR 0x3A) but no step reads them: the secret lives in the ephemeral states alone,
 * as in a protocol without long-term keys. Pass 1 (initiator): ra = 16 DRNG bytes, sta = ra ‖ 0,
 * M1 = ra. Pass 2 (responder): rb = 16 DRNG bytes, stb = ra ‖ rb, M2 = rb; finished. Both sides:
 * ss = toy_mix(ra ‖ rb) (32 bytes). States 32 bytes, messages 32 bytes in all. Built with -g; the
 * expected findings are marked `ct-branch:` and `ct-divide:`.
 *   TOY_CT_BRANCH  derive_a branches on each byte of ra, read from its state (its top bit)
 *   TOY_CT_DIVIDE  derive_a reduces each byte of ra, read from its state, modulo a public modulus
 *                  (a `div` whose operands change only when the state does)
 *   neither        both derivations are constant-time */
#include "pk_toy.h"

#include <string.h>

#define KEY_BYTES 16
#define NONCE_BYTES 16
#define STATE_BYTES 32
#define SS_BYTES 32

/* Where the toys' side results go, so that the compiler keeps the work. */
volatile unsigned toy_ct_kex_sink;
/* The public modulus: volatile, so that the reduction is a real division instruction. */
volatile unsigned toy_ct_kex_modulus = 3329u;

unsigned long long kex_get_passes_num(void) { return 2; }
unsigned long long kex_get_pk_len_bytes(void) { return KEY_BYTES; }
unsigned long long kex_get_sk_len_bytes(void) { return KEY_BYTES; }
unsigned long long kex_get_sta_len_bytes(void) { return STATE_BYTES; }
unsigned long long kex_get_stb_len_bytes(void) { return STATE_BYTES; }
unsigned long long kex_get_ss_len_bytes(void) { return SS_BYTES; }
unsigned long long kex_get_total_msg_len_bytes(void) { return 2 * NONCE_BYTES; }

static int init_side(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len,
                     unsigned char *st, unsigned long long *st_len)
{
    int i;
    get_random_number(&drng_algorithm, sk, 8 * KEY_BYTES);
    for (i = 0; i < KEY_BYTES; i++) {
        pk[i] = (unsigned char)(sk[i] ^ 0x3A);
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
    return 0;
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
    return 1;
}

#ifdef TOY_CT_BRANCH
__attribute__((noinline)) static void count_high(int i)
{
    toy_ct_kex_sink += (unsigned)i;
}
#endif

int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len, unsigned char *pkb, unsigned long long pkb_len,
                    unsigned char *mb, unsigned long long mb_len, unsigned char *sta, unsigned long long sta_len,
                    unsigned char *ssa, unsigned long long *ssa_len)
{
    unsigned char ra_rb[STATE_BYTES];
    int i;
    (void)ska;
    (void)pkb;
    if (ska_len != KEY_BYTES || pkb_len != KEY_BYTES || sta_len != STATE_BYTES || mb_len != NONCE_BYTES) {
        return -1;
    }
    for (i = 0; i < NONCE_BYTES; i++) {
#ifdef TOY_CT_BRANCH
        if (sta[i] & 0x80) { /* ct-branch: on a byte of the initiator's ephemeral state */
            count_high(i);
        }
#endif
#ifdef TOY_CT_DIVIDE
        toy_ct_kex_sink += ((unsigned)sta[i] * 977u + 13u) % toy_ct_kex_modulus; /* ct-divide: a state byte reduced */
#endif
        ra_rb[i] = sta[i];
    }
    memcpy(ra_rb + NONCE_BYTES, mb, NONCE_BYTES);
    toy_mix(ssa, SS_BYTES, ra_rb, STATE_BYTES, NULL, 0);
    *ssa_len = SS_BYTES;
    return 0;
}

int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len, unsigned char *pka, unsigned long long pka_len,
                    unsigned char *ma, unsigned long long ma_len, unsigned char *stb, unsigned long long stb_len,
                    unsigned char *ssb, unsigned long long *ssb_len)
{
    (void)skb;
    (void)pka;
    (void)ma;
    (void)ma_len;
    if (skb_len != KEY_BYTES || pka_len != KEY_BYTES || stb_len != STATE_BYTES) {
        return -1;
    }
    toy_mix(ssb, SS_BYTES, stb, STATE_BYTES, NULL, 0);
    *ssb_len = SS_BYTES;
    return 0;
}
