/* KAT_KEM records as the official KAT_KEM.c writes them (SPEC §10): the
 * length variables are set once from the getters and carried from record to
 * record; each record re-initialises drng_algorithm with its Seed, then
 * keygen, enc, dec; dec must give the encapsulated secret. */
#define _POSIX_C_SOURCE 200809L
#include "pk_kat.h"

#include "../exit_codes.h"

#include <stdio.h>
#include <string.h>

static struct {
    pk_len pk_cap, sk_cap, ss_cap, ct_cap;
    pk_len pk_len, sk_len, ss_len, ct_len;
    unsigned char *pk, *sk, *ss, *ss_dec, *ct;
} kem;

static pk_len get(pk_kat *k, pk_symbol s, const char *phase)
{
    pk_len value;
    pk_call_begin(k, phase);
    value = ((pk_getter_fn)k->lib.fn[s])();
    pk_call_end(k, PK_SYMBOL_NAMES[s], 0, 0);
    pk_note_getter(k, PK_SYMBOL_NAMES[s], value);
    return value;
}

int pk_kem_setup(pk_kat *k)
{
    kem.pk_len = kem.pk_cap = get(k, PK_KEM_GET_PK, "in kem_get_pk_len_bytes before record");
    kem.sk_len = kem.sk_cap = get(k, PK_KEM_GET_SK, "in kem_get_sk_len_bytes before record");
    kem.ss_len = kem.ss_cap = get(k, PK_KEM_GET_SS, "in kem_get_ss_len_bytes before record");
    kem.ct_len = kem.ct_cap = get(k, PK_KEM_GET_CT, "in kem_get_ct_len_bytes before record");
    kem.pk = pk_buffer_add(k, "pk", kem.pk_cap);
    kem.sk = pk_buffer_add(k, "sk", kem.sk_cap);
    kem.ss = pk_buffer_add(k, "ss", kem.ss_cap);
    kem.ss_dec = pk_buffer_add(k, "ss-dec", kem.ss_cap);
    kem.ct = pk_buffer_add(k, "ct", kem.ct_cap);
    return kem.pk && kem.sk && kem.ss && kem.ss_dec && kem.ct ? DRV_EXIT_OK : DRV_EXIT_IO;
}

int pk_kem_record(pk_kat *k, const unsigned char seed[PK_SEED_BYTES])
{
    pk_len ss_enc_len;
    int rc;
    int code;
    char why[160];
    pk_text_decimal(k, "Count = ", k->record);
    pk_text_decimal(k, "Seed_Len = ", PK_SEED_BYTES);
    pk_text_hex(k, "Seed = ", seed, PK_SEED_BYTES);
    pk_drng_init(k, k->lib.drng_context, seed, PK_SEED_BYTES);

    pk_call_begin(k, "in kem_keygen on record");
    rc = ((pk_keygen_fn)k->lib.fn[PK_KEM_KEYGEN])(kem.pk, &kem.pk_len, kem.sk, &kem.sk_len);
    if ((code = pk_call_end(k, "kem_keygen", rc, rc != 0)) != DRV_EXIT_OK ||
        (code = pk_check_length(k, "kem_keygen", "pk", kem.pk_len, kem.pk_cap)) != DRV_EXIT_OK ||
        (code = pk_check_length(k, "kem_keygen", "sk", kem.sk_len, kem.sk_cap)) != DRV_EXIT_OK) {
        return code;
    }
    pk_text_length(k, "PK_Len = ", kem.pk_len);
    pk_text_hex(k, "PK = ", kem.pk, kem.pk_len);
    pk_text_length(k, "SK_Len = ", kem.sk_len);
    pk_text_hex(k, "SK = ", kem.sk, kem.sk_len);

    pk_call_begin(k, "in kem_enc on record");
    rc = ((pk_kem_enc_fn)k->lib.fn[PK_KEM_ENC])(kem.pk, kem.pk_len, kem.ss, &kem.ss_len, kem.ct, &kem.ct_len);
    if ((code = pk_call_end(k, "kem_enc", rc, rc != 0)) != DRV_EXIT_OK ||
        (code = pk_check_length(k, "kem_enc", "ct", kem.ct_len, kem.ct_cap)) != DRV_EXIT_OK ||
        (code = pk_check_length(k, "kem_enc", "ss", kem.ss_len, kem.ss_cap)) != DRV_EXIT_OK) {
        return code;
    }
    pk_text_length(k, "CT_Len = ", kem.ct_len);
    pk_text_hex(k, "CT = ", kem.ct, kem.ct_len);
    pk_text_length(k, "SS_Len = ", kem.ss_len);
    pk_text_hex(k, "SS = ", kem.ss, kem.ss_len);
    ss_enc_len = kem.ss_len;

    pk_call_begin(k, "in kem_dec on record");
    rc = ((pk_kem_dec_fn)k->lib.fn[PK_KEM_DEC])(kem.sk, kem.sk_len, kem.ct, kem.ct_len, kem.ss_dec, &kem.ss_len);
    if ((code = pk_call_end(k, "kem_dec", rc, rc != 0)) != DRV_EXIT_OK ||
        (code = pk_check_length(k, "kem_dec", "ss-dec", kem.ss_len, kem.ss_cap)) != DRV_EXIT_OK) {
        return code;
    }
    /* KAT_KEM.c compares ss_len bytes, the length kem_dec left. */
    pk_check(k, "decapsulation", memcmp(kem.ss, kem.ss_dec, (size_t)kem.ss_len) == 0,
             "the SS kem_dec gave differs from the SS kem_enc gave");
    snprintf(why, sizeof why, "kem_dec gave SS_Len %llu, kem_enc %llu", kem.ss_len, ss_enc_len);
    pk_check(k, "decapsulation-length", kem.ss_len == ss_enc_len, why);
    pk_text_blank_line(k);
    return DRV_EXIT_OK;
}
