/* KAT_KEX records as the official KAT_KEX.c writes them (the ICCS public-key APIs): both
 * inits, then pass 1 (initiator), 2 (responder), 3 (initiator), and likewise up to
 * PK_KEX_MAX_PASSES for protocols that define more, until one
 * returns 1 (finished), which must be pass Pass_Num; then both derivations,
 * which must agree. Lengths carry over from record to record, the message
 * lengths start at 0, every message buffer holds the getter's total. */
#define _POSIX_C_SOURCE 200809L
#include "pk_kat.h"

#include "../exit_codes.h"
#include "../report.h"

#include <stdio.h>
#include <string.h>

static struct {
    pk_len passes, pk_cap, sk_cap, sta_cap, stb_cap, ss_cap, total;
    pk_len pka_len, ska_len, pkb_len, skb_len, sta_len, stb_len, ssa_len, ssb_len;
    pk_len m_len[PK_KEX_MAX_PASSES + 1];
    unsigned char *pka, *ska, *pkb, *skb, *sta, *stb, *ssa, *ssb, *m[PK_KEX_MAX_PASSES + 1];
    unsigned char *ma, *mb;
    pk_len ma_len, mb_len;
} kex;

static const char *const MESSAGE_NAMES[PK_KEX_MAX_PASSES + 1] = {NULL, "m1", "m2", "m3", "m4", "m5", "m6"};

int pk_kex_setup(pk_kat *k)
{
    int i;
    kex.passes = pk_getter(k, PK_KEX_GET_PASSES, "in kex_get_passes_num before record");
    kex.pk_cap = pk_getter(k, PK_KEX_GET_PK, "in kex_get_pk_len_bytes before record");
    kex.sk_cap = pk_getter(k, PK_KEX_GET_SK, "in kex_get_sk_len_bytes before record");
    kex.sta_cap = pk_getter(k, PK_KEX_GET_STA, "in kex_get_sta_len_bytes before record");
    kex.stb_cap = pk_getter(k, PK_KEX_GET_STB, "in kex_get_stb_len_bytes before record");
    kex.ss_cap = pk_getter(k, PK_KEX_GET_SS, "in kex_get_ss_len_bytes before record");
    kex.total = pk_getter(k, PK_KEX_GET_TOTAL, "in kex_get_total_msg_len_bytes before record");
    for (i = 2; i <= PK_KEX_MAX_PASSES && (pk_len)i <= kex.passes; i++) {
        if (k->lib.fn[PK_KEX_PASS_SYMBOL(i)] == NULL) {
            json_line *j = report_begin("LOADFAIL");
            jl_str(j, "library", k->library);
            jl_str(j, "stage", "dlsym");
            jl_u64(j, "passes", kex.passes);
            return report_finish(DRV_EXIT_LOADFAIL,
                                 "%s says the exchange has %llu passes but does not define %s: export it with C linkage",
                                 k->library, kex.passes, PK_SYMBOL_NAMES[PK_KEX_PASS_SYMBOL(i)]);
        }
    }
    kex.pka_len = kex.pkb_len = kex.pk_cap;
    kex.ska_len = kex.skb_len = kex.sk_cap;
    kex.sta_len = kex.sta_cap;
    kex.stb_len = kex.stb_cap;
    kex.ssa_len = kex.ssb_len = kex.ss_cap;
    kex.pka = pk_buffer_add(k, "pka", kex.pk_cap);
    kex.ska = pk_buffer_add(k, "ska", kex.sk_cap);
    kex.pkb = pk_buffer_add(k, "pkb", kex.pk_cap);
    kex.skb = pk_buffer_add(k, "skb", kex.sk_cap);
    kex.sta = pk_buffer_add(k, "sta", kex.sta_cap);
    kex.stb = pk_buffer_add(k, "stb", kex.stb_cap);
    kex.ssa = pk_buffer_add(k, "ssa", kex.ss_cap);
    kex.ssb = pk_buffer_add(k, "ssb", kex.ss_cap);
    /* Messages of passes 4 and later only for protocols that have them (the buffers are few). */
    for (i = 1; i <= PK_KEX_MAX_PASSES && (i <= 3 || (pk_len)i <= kex.passes); i++) {
        kex.m[i] = pk_buffer_add(k, MESSAGE_NAMES[i], kex.total);
    }
    for (i = 1; i <= 3; i++) {
        if (kex.m[i] == NULL) {
            return DRV_EXIT_IO;
        }
    }
    return kex.pka && kex.ska && kex.pkb && kex.skb && kex.sta && kex.stb && kex.ssa && kex.ssb ? DRV_EXIT_OK
                                                                                                : DRV_EXIT_IO;
}

static int init_side(pk_kat *k, int responder)
{
    pk_symbol s = responder ? PK_KEX_INIT_B : PK_KEX_INIT_A;
    const char *name = PK_SYMBOL_NAMES[s];
    unsigned char *pk = responder ? kex.pkb : kex.pka;
    unsigned char *sk = responder ? kex.skb : kex.ska;
    unsigned char *st = responder ? kex.stb : kex.sta;
    pk_len *pk_n = responder ? &kex.pkb_len : &kex.pka_len;
    pk_len *sk_n = responder ? &kex.skb_len : &kex.ska_len;
    pk_len *st_n = responder ? &kex.stb_len : &kex.sta_len;
    int rc;
    int code;
    pk_call_begin(k, responder ? "in kex_init_b on record" : "in kex_init_a on record");
    rc = ((pk_kex_init_fn)k->lib.fn[s])(pk, pk_n, sk, sk_n, st, st_n);
    {
        const pk_output outputs[] = {{responder ? "pkb" : "pka", *pk_n, kex.pk_cap},
                                     {responder ? "skb" : "ska", *sk_n, kex.sk_cap},
                                     {responder ? "stb" : "sta", *st_n, responder ? kex.stb_cap : kex.sta_cap}};
        if ((code = pk_call_checked(k, name, rc, rc < 0, outputs, 3)) != DRV_EXIT_OK) {
            return code;
        }
    }
    pk_text_field(k, responder ? "PKb_Len = " : "PKa_Len = ", responder ? "PKb = " : "PKa = ", pk, *pk_n);
    pk_text_field(k, responder ? "SKb_Len = " : "SKa_Len = ", responder ? "SKb = " : "SKa = ", sk, *sk_n);
    pk_text_field(k, responder ? "Init_Stb_Len = " : "Init_Sta_Len = ", responder ? "Init_Stb = " : "Init_Sta = ", st,
                  *st_n);
    return DRV_EXIT_OK;
}

static const char *const PASS_PHASES[PK_KEX_MAX_PASSES + 1] = {
    NULL, "in kex_generate_pass1_msg_a on record", "in kex_generate_pass2_msg_b on record",
    "in kex_generate_pass3_msg_a on record", "in kex_generate_pass4_msg_b on record",
    "in kex_generate_pass5_msg_a on record", "in kex_generate_pass6_msg_b on record"};
/* Pass n's state is the initiator's (odd n, Sta) or the responder's (even n, Stb). */
static const char *const STATE_KEYS[PK_KEX_MAX_PASSES + 1][2] = {
    {NULL, NULL}, {"Pass1_Sta_Len = ", "Pass1_Sta = "}, {"Pass2_Stb_Len = ", "Pass2_Stb = "},
    {"Pass3_Sta_Len = ", "Pass3_Sta = "}, {"Pass4_Stb_Len = ", "Pass4_Stb = "}, {"Pass5_Sta_Len = ", "Pass5_Sta = "},
    {"Pass6_Stb_Len = ", "Pass6_Stb = "}};
static const char *const MESSAGE_KEYS[PK_KEX_MAX_PASSES + 1][2] = {
    {NULL, NULL}, {"M1_Len = ", "M1 = "}, {"M2_Len = ", "M2 = "}, {"M3_Len = ", "M3 = "},
    {"M4_Len = ", "M4 = "}, {"M5_Len = ", "M5 = "}, {"M6_Len = ", "M6 = "}};

/* Pass n (1 .. PK_KEX_MAX_PASSES); *rc gets its return value. */
static int run_pass(pk_kat *k, int n, int *rc)
{
    pk_symbol symbol = PK_KEX_PASS_SYMBOL(n);
    const char *name = PK_SYMBOL_NAMES[symbol];
    int responder = n % 2 == 0;
    unsigned char *st = responder ? kex.stb : kex.sta;
    pk_len *st_n = responder ? &kex.stb_len : &kex.sta_len;
    int code;
    pk_call_begin(k, PASS_PHASES[n]);
    if (n == 1) {
        *rc = ((pk_kex_pass1_fn)k->lib.fn[PK_KEX_PASS1_A])(kex.ska, kex.ska_len, kex.pkb, kex.pkb_len, kex.sta,
                                                           &kex.sta_len, kex.m[1], &kex.m_len[1]);
    } else if (responder) {
        *rc = ((pk_kex_pass_fn)k->lib.fn[symbol])(kex.skb, kex.skb_len, kex.pka, kex.pka_len, kex.m[n - 1],
                                                  kex.m_len[n - 1], kex.stb, &kex.stb_len, kex.m[n], &kex.m_len[n]);
    } else {
        *rc = ((pk_kex_pass_fn)k->lib.fn[symbol])(kex.ska, kex.ska_len, kex.pkb, kex.pkb_len, kex.m[n - 1],
                                                  kex.m_len[n - 1], kex.sta, &kex.sta_len, kex.m[n], &kex.m_len[n]);
    }
    {
        const pk_output outputs[] = {{responder ? "stb" : "sta", *st_n, responder ? kex.stb_cap : kex.sta_cap},
                                     {MESSAGE_NAMES[n], kex.m_len[n], kex.total}};
        if ((code = pk_call_checked(k, name, *rc, *rc < 0, outputs, 2)) != DRV_EXIT_OK) {
            return code;
        }
    }
    pk_text_field(k, STATE_KEYS[n][0], STATE_KEYS[n][1], st, *st_n);
    pk_text_field(k, MESSAGE_KEYS[n][0], MESSAGE_KEYS[n][1], kex.m[n], kex.m_len[n]);
    if (responder) {
        kex.mb = kex.m[n];
        kex.mb_len = kex.m_len[n];
    } else {
        kex.ma = kex.m[n];
        kex.ma_len = kex.m_len[n];
    }
    return DRV_EXIT_OK;
}

static int derive(pk_kat *k, int responder)
{
    pk_symbol s = responder ? PK_KEX_DERIVE_B : PK_KEX_DERIVE_A;
    int rc;
    pk_call_begin(k, responder ? "in kex_derive_ss_b on record" : "in kex_derive_ss_a on record");
    if (responder) {
        rc = ((pk_kex_derive_fn)k->lib.fn[s])(kex.skb, kex.skb_len, kex.pka, kex.pka_len, kex.ma, kex.ma_len, kex.stb,
                                              kex.stb_len, kex.ssb, &kex.ssb_len);
    } else {
        rc = ((pk_kex_derive_fn)k->lib.fn[s])(kex.ska, kex.ska_len, kex.pkb, kex.pkb_len, kex.mb, kex.mb_len, kex.sta,
                                              kex.sta_len, kex.ssa, &kex.ssa_len);
    }
    {
        const pk_output outputs[] = {{responder ? "ssb" : "ssa", responder ? kex.ssb_len : kex.ssa_len, kex.ss_cap}};
        return pk_call_checked(k, PK_SYMBOL_NAMES[s], rc, rc < 0, outputs, 1);
    }
}

int pk_kex_record(pk_kat *k, const unsigned char seed[PK_SEED_BYTES])
{
    int finished_at = 0;
    int n;
    int rc = 0;
    int code;
    char why[160];
    pk_record_begin(k, seed);
    pk_text_length(k, "Pass_Num = ", kex.passes);
    if ((code = init_side(k, 0)) != DRV_EXIT_OK || (code = init_side(k, 1)) != DRV_EXIT_OK) {
        return code;
    }
    /* KAT_KEX.c goes on to the next pass until one returns 1, and stops after pass 3 whatever it
     * returned; a protocol of more passes goes on likewise with the functions it defines. */
    for (n = 1; n <= PK_KEX_MAX_PASSES && finished_at == 0; n++) {
        if (n > 1 && (k->lib.fn[PK_KEX_PASS_SYMBOL(n)] == NULL || kex.m[n] == NULL)) {
            if (n <= 3) {
                snprintf(why, sizeof why, "pass %d returned %d (go on) but the instance has no pass-%d function", n - 1,
                         rc, n);
                pk_check(k, "finishing-pass", 0, why);
            }
            break;
        }
        if ((code = run_pass(k, n, &rc)) != DRV_EXIT_OK) {
            return code;
        }
        if (rc == 1) {
            finished_at = n;
            snprintf(why, sizeof why, "pass %d returned 1 (finished) but Pass_Num is %llu", n, kex.passes);
            pk_check(k, "finishing-pass", (pk_len)n == kex.passes, why);
        }
    }
    {
        pk_len messages = 0;
        int pass;
        for (pass = 1; pass < n; pass++) {
            messages += kex.m_len[pass];
        }
        pk_note_written(k, "messages", messages);
        /* The published bandwidth: every message and both public keys once. */
        pk_note_written(k, "bandwidth", messages + kex.pka_len + kex.pkb_len);
    }
    if ((code = derive(k, 0)) != DRV_EXIT_OK || (code = derive(k, 1)) != DRV_EXIT_OK) {
        return code;
    }
    pk_check(k, "agreement", kex.ssa_len == kex.ssb_len && memcmp(kex.ssa, kex.ssb, (size_t)kex.ssa_len) == 0,
             "the initiator's and the responder's shared secrets differ");
    pk_text_field(k, "SS_Len = ", "SS = ", kex.ssa, kex.ssa_len);
    pk_text_blank_line(k);
    return DRV_EXIT_OK;
}
