/* The steps the three record flows (pk_kat_kem.c, pk_kat_sig.c,
 * pk_kat_kex.c) share: a getter read at set-up, the record's opening lines,
 * a checked call with the lengths it returned, a length-and-bytes pair of the
 * record text, and the key generation KEM and SIG have alike. */
#define _POSIX_C_SOURCE 200809L
#include "pk_kat.h"

#include "../exit_codes.h"

#include <string.h>

pk_len pk_getter(pk_kat *k, pk_symbol s, const char *phase)
{
    pk_len value;
    pk_call_begin(k, phase);
    value = ((pk_getter_fn)k->lib.fn[s])();
    pk_call_end(k, PK_SYMBOL_NAMES[s], 0, 0);
    pk_note_getter(k, PK_SYMBOL_NAMES[s], value);
    return value;
}

void pk_record_begin(pk_kat *k, const unsigned char seed[PK_SEED_BYTES])
{
    pk_text_decimal(k, "Count = ", k->record);
    pk_text_decimal(k, "Seed_Len = ", PK_SEED_BYTES);
    pk_text_hex(k, "Seed = ", seed, PK_SEED_BYTES);
    pk_drng_init(k, k->lib.drng_context, seed, PK_SEED_BYTES);
}

int pk_call_checked(pk_kat *k, const char *function, int rc, int failed, const pk_output *outputs, int count)
{
    int code = pk_call_end(k, function, rc, failed);
    int i;
    for (i = 0; i < count && code == DRV_EXIT_OK; i++) {
        code = pk_check_length(k, function, outputs[i].field, outputs[i].length, outputs[i].capacity);
        pk_note_written(k, outputs[i].field, outputs[i].length);
    }
    return code;
}

void pk_text_field(pk_kat *k, const char *length_key, const char *key, const unsigned char *bytes, pk_len n)
{
    pk_text_length(k, length_key, n);
    pk_text_hex(k, key, bytes, n);
}

int pk_keygen(pk_kat *k, pk_symbol s, const char *phase, pk_key_pair *keys)
{
    const char *name = PK_SYMBOL_NAMES[s];
    int rc;
    int code;
    pk_call_begin(k, phase);
    rc = ((pk_keygen_fn)k->lib.fn[s])(keys->pk, keys->pk_len, keys->sk, keys->sk_len);
    {
        const pk_output outputs[] = {{"pk", *keys->pk_len, keys->pk_cap}, {"sk", *keys->sk_len, keys->sk_cap}};
        if ((code = pk_call_checked(k, name, rc, rc != 0, outputs, 2)) != DRV_EXIT_OK) {
            return code;
        }
    }
    pk_text_field(k, "PK_Len = ", "PK = ", keys->pk, *keys->pk_len);
    pk_text_field(k, "SK_Len = ", "SK = ", keys->sk, *keys->sk_len);
    return DRV_EXIT_OK;
}

void pk_note_written(pk_kat *k, const char *field, pk_len length)
{
    int i;
    for (i = 0; i < k->written_count; i++) {
        if (strcmp(k->written_names[i], field) == 0) {
            k->written_min[i] = length < k->written_min[i] ? length : k->written_min[i];
            k->written_max[i] = length > k->written_max[i] ? length : k->written_max[i];
            return;
        }
    }
    if (k->written_count < PK_MAX_BUFFERS + 2) {
        k->written_names[i] = field;
        k->written_min[i] = k->written_max[i] = length;
        k->written_count++;
    }
}
