/* KAT_SIG records as the official KAT_SIG.c writes them (SPEC §10): a second
 * DRNG seeded with "msg"×21 + "m" gives the message, 56 bytes in record 0 and
 * 8 more in each record after; the length variables carry over; the detached
 * signature must verify, and (our addition) must not verify once the message
 * changed. */
#define _POSIX_C_SOURCE 200809L
#include "pk_kat.h"

#include "../exit_codes.h"

#include <stdio.h>
#include <string.h>

/* KAT_SIG.c's message buffer and schedule. */
#define SIG_MESSAGE_BUFFER_BYTES 128
#define SIG_FIRST_MESSAGE_BYTES 56
#define SIG_MESSAGE_STEP_BYTES 8

static struct {
    pk_len pk_cap, sk_cap, sn_cap;
    pk_len pk_len, sk_len, sn_len, m_len;
    unsigned char *pk, *sk, *sn, *m;
} sig;

static pk_len get(pk_kat *k, pk_symbol s, const char *phase)
{
    pk_len value;
    pk_call_begin(k, phase);
    value = ((pk_getter_fn)k->lib.fn[s])();
    pk_call_end(k, PK_SYMBOL_NAMES[s], 0, 0);
    pk_note_getter(k, PK_SYMBOL_NAMES[s], value);
    return value;
}

int pk_sig_setup(pk_kat *k)
{
    unsigned char nonce[PK_SEED_BYTES];
    int i;
    sig.pk_len = sig.pk_cap = get(k, PK_SIG_GET_PK, "in sig_get_pk_len_bytes before record");
    sig.sk_len = sig.sk_cap = get(k, PK_SIG_GET_SK, "in sig_get_sk_len_bytes before record");
    sig.sn_len = sig.sn_cap = get(k, PK_SIG_GET_SN, "in sig_get_sn_len_bytes before record");
    sig.m_len = SIG_FIRST_MESSAGE_BYTES;
    sig.pk = pk_buffer_add(k, "pk", sig.pk_cap);
    sig.sk = pk_buffer_add(k, "sk", sig.sk_cap);
    sig.sn = pk_buffer_add(k, "sn", sig.sn_cap);
    sig.m = pk_buffer_add(k, "m", SIG_MESSAGE_BUFFER_BYTES);
    for (i = 0; i < PK_SEED_BYTES - 1; i++) {
        nonce[i] = (unsigned char)"msg"[i % 3];
    }
    nonce[PK_SEED_BYTES - 1] = 'm';
    pk_drng_init(k, k->msg_drng, nonce, PK_SEED_BYTES);
    return sig.pk && sig.sk && sig.sn && sig.m ? DRV_EXIT_OK : DRV_EXIT_IO;
}

static int verify(pk_kat *k, int *rc)
{
    pk_call_begin(k, "in sig_verify on record");
    *rc = ((pk_sig_verify_fn)k->lib.fn[PK_SIG_VERIFY])(sig.pk, sig.pk_len, sig.sn, sig.sn_len, sig.m, sig.m_len);
    return pk_call_end(k, "sig_verify", *rc, 0);
}

int pk_sig_record(pk_kat *k, const unsigned char seed[PK_SEED_BYTES])
{
    int rc;
    int code;
    char why[160];
    pk_drng_get(k, k->msg_drng, sig.m, sig.m_len * 8);
    pk_text_decimal(k, "Count = ", k->record);
    pk_text_decimal(k, "Seed_Len = ", PK_SEED_BYTES);
    pk_text_hex(k, "Seed = ", seed, PK_SEED_BYTES);
    pk_drng_init(k, k->lib.drng_context, seed, PK_SEED_BYTES);

    pk_call_begin(k, "in sig_keygen on record");
    rc = ((pk_keygen_fn)k->lib.fn[PK_SIG_KEYGEN])(sig.pk, &sig.pk_len, sig.sk, &sig.sk_len);
    if ((code = pk_call_end(k, "sig_keygen", rc, rc != 0)) != DRV_EXIT_OK ||
        (code = pk_check_length(k, "sig_keygen", "pk", sig.pk_len, sig.pk_cap)) != DRV_EXIT_OK ||
        (code = pk_check_length(k, "sig_keygen", "sk", sig.sk_len, sig.sk_cap)) != DRV_EXIT_OK) {
        return code;
    }
    pk_text_length(k, "PK_Len = ", sig.pk_len);
    pk_text_hex(k, "PK = ", sig.pk, sig.pk_len);
    pk_text_length(k, "SK_Len = ", sig.sk_len);
    pk_text_hex(k, "SK = ", sig.sk, sig.sk_len);
    /* KAT_SIG.c prints M_Len with %d, blank lengths or not. */
    pk_text_decimal(k, "M_Len = ", sig.m_len);
    pk_text_hex(k, "M = ", sig.m, sig.m_len);

    pk_call_begin(k, "in sig_sign on record");
    rc = ((pk_sig_sign_fn)k->lib.fn[PK_SIG_SIGN])(sig.sk, sig.sk_len, sig.m, sig.m_len, sig.sn, &sig.sn_len);
    if ((code = pk_call_end(k, "sig_sign", rc, rc != 0)) != DRV_EXIT_OK ||
        (code = pk_check_length(k, "sig_sign", "sn", sig.sn_len, sig.sn_cap)) != DRV_EXIT_OK) {
        return code;
    }
    pk_text_length(k, "Sn_Len = ", sig.sn_len);
    pk_text_hex(k, "Sn = ", sig.sn, sig.sn_len);

    if ((code = verify(k, &rc)) != DRV_EXIT_OK) {
        return code;
    }
    snprintf(why, sizeof why, "sig_verify returned %d for the signature sig_sign made", rc);
    pk_check(k, "verify", rc == 0, why);
    sig.m[0] ^= 0x01;
    code = verify(k, &rc);
    sig.m[0] ^= 0x01;
    if (code != DRV_EXIT_OK) {
        return code;
    }
    pk_check(k, "verify-changed-message", rc != 0,
             "sig_verify returned 0 (valid) after the low bit of the first message byte was flipped");
    pk_text_blank_line(k);
    sig.m_len += SIG_MESSAGE_STEP_BYTES;
    return DRV_EXIT_OK;
}
