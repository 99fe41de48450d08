/* A toy signature (NOT secure) over the ICCS DRNG, for `pk-kat` tests.
 * sk = s (32 DRNG bytes); pk = s XOR 0x3C (anyone can recover s: a toy);
 * sign: nonce = 8 DRNG bytes, sn = nonce ‖ toy_mix(s ‖ nonce, m)[0..23]
 * (32 bytes, while the getter says 40: signatures may be shorter);
 * verify: recompute with s = pk XOR 0x3C, 0 when equal, -1 otherwise.
 * Compile-time faults (CMakeLists.txt):
 *   TOY_FAULT_ACCEPT_ALL  sig_verify returns 0 for anything
 *   TOY_FAULT_SIGN_FAILS  sig_sign returns -1 when the nonce's first byte is a multiple of 4
 *                         (about one call in four, decided by the DRNG: the same records every run) */
#include "pk_toy.h"

#include <string.h>

#define PK_BYTES 32
#define SK_BYTES 32
#define SN_MAX_BYTES 40
#define SN_BYTES 32
#define NONCE_BYTES 8
#define TAG_BYTES (SN_BYTES - NONCE_BYTES)

unsigned long long sig_get_pk_len_bytes(void) { return PK_BYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return SK_BYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return SN_MAX_BYTES; }

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes)
{
    int i;
    get_random_number(&drng_algorithm, sk, 8 * SK_BYTES);
    for (i = 0; i < PK_BYTES; i++) {
        pk[i] = (unsigned char)(sk[i] ^ 0x3C);
    }
    *pk_len_bytes = PK_BYTES;
    *sk_len_bytes = SK_BYTES;
    return 0;
}

static void tag(const unsigned char s[SK_BYTES], const unsigned char nonce[NONCE_BYTES], const unsigned char *m,
                unsigned long long m_len, unsigned char out[TAG_BYTES])
{
    unsigned char key[SK_BYTES + NONCE_BYTES];
    memcpy(key, s, SK_BYTES);
    memcpy(key + SK_BYTES, nonce, NONCE_BYTES);
    toy_mix(out, TAG_BYTES, key, sizeof key, m, (size_t)m_len);
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
             unsigned char *sn, unsigned long long *sn_len_bytes)
{
    if (sk_len_bytes != SK_BYTES) {
        return -1;
    }
    get_random_number(&drng_algorithm, sn, 8 * NONCE_BYTES);
#ifdef TOY_FAULT_SIGN_FAILS
    if (sn[0] % 4 == 0) {
        return -1;
    }
#endif
    tag(sk, sn, m, m_len_bytes, sn + NONCE_BYTES);
    *sn_len_bytes = SN_BYTES;
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
               unsigned char *m, unsigned long long m_len_bytes)
{
    unsigned char s[SK_BYTES];
    unsigned char expected[TAG_BYTES];
    int i;
#ifdef TOY_FAULT_ACCEPT_ALL
    (void)pk;
    (void)pk_len_bytes;
    (void)sn;
    (void)sn_len_bytes;
    (void)m;
    (void)m_len_bytes;
    (void)s;
    (void)expected;
    (void)i;
    return 0;
#else
    if (pk_len_bytes != PK_BYTES || sn_len_bytes != SN_BYTES) {
        return -1;
    }
    for (i = 0; i < SK_BYTES; i++) {
        s[i] = (unsigned char)(pk[i] ^ 0x3C);
    }
    tag(s, sn, m, m_len_bytes, expected);
    return memcmp(expected, sn + NONCE_BYTES, TAG_BYTES) == 0 ? 0 : -1;
#endif
}
