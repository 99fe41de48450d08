/* A toy KEM (NOT cryptographic) whose time is split by construction between the ICCS pseudoXOF and
 * its own code, for `op-profile`'s tests. enc and dec each hash one 1024-byte message: TOY_XOF_CALLS
 * calls of pseudoXOF(1024 bits, m) (4 SM3 digests of m ‖ counter each), and TOY_OWN_UNITS times
 * the same 4 digests computed by the toy's own copy of the driver's SM3 (sm3_ref.c, compiled into
 * it). The two halves do the same SM3 work per unit, so pseudoXOF's share of
 * dec is TOY_XOF_CALLS / (TOY_XOF_CALLS + TOY_OWN_UNITS), less the small part of the time the
 * operation spends elsewhere (filling m, copying). enc also draws 32 bytes with get_random_number
 * (one call); keygen draws 32 bytes (one call) and makes pk with one sm3hash call.
 * pk = SM3(seed), sk = seed ‖ pk, ct = r, ss = the XOR of the two halves' first 32 bytes. */
#include "pk_toy.h"

#include "../driver/sm3_ref.h"

#include <string.h>

#ifndef TOY_XOF_CALLS
#define TOY_XOF_CALLS 1
#endif
#ifndef TOY_OWN_UNITS
#define TOY_OWN_UNITS 1
#endif

#define MSG_BYTES 1024
#define UNIT_DIGESTS 4

unsigned long long kem_get_pk_len_bytes(void) { return 32; }
unsigned long long kem_get_sk_len_bytes(void) { return 64; }
unsigned long long kem_get_ct_len_bytes(void) { return 32; }
unsigned long long kem_get_ss_len_bytes(void) { return 32; }

int kem_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    get_random_number(&drng_algorithm, sk, 256);
    if (sm3hash(256, sk, 256, pk) != 0) {
        return -1;
    }
    memcpy(sk + 32, pk, 32);
    *pk_len = 32;
    *sk_len = 64;
    return 0;
}

/* ss from pk and ct: the pseudoXOF half and the own half. */
static int secret(const unsigned char *pk, const unsigned char *ct, unsigned char *ss)
{
    static unsigned char m[MSG_BYTES + 4];
    unsigned char xof[UNIT_DIGESTS * SM3_DIGEST_BYTES];
    unsigned char own[SM3_DIGEST_BYTES];
    int i;
    int u;
    for (i = 0; i < MSG_BYTES; i++) {
        m[i] = (unsigned char)(pk[i % 32] ^ ct[(i / 32) % 32] ^ i);
    }
    memset(ss, 0, 32);
    for (i = 0; i < TOY_XOF_CALLS; i++) {
        if (pseudoXOF(8 * sizeof xof, m, 8 * MSG_BYTES, xof) != 0) {
            return -1;
        }
        for (u = 0; u < 32; u++) {
            ss[u] ^= xof[u];
        }
    }
    for (i = 0; i < TOY_OWN_UNITS * UNIT_DIGESTS; i++) {
        m[MSG_BYTES] = 0;
        m[MSG_BYTES + 1] = 0;
        m[MSG_BYTES + 2] = 0;
        m[MSG_BYTES + 3] = (unsigned char)(i % UNIT_DIGESTS + 1);
        sm3_digest(m, MSG_BYTES + 4, own);
        for (u = 0; u < 32; u++) {
            ss[u] ^= own[u];
        }
    }
    return 0;
}

int kem_enc(unsigned char *pk, unsigned long long pk_len, unsigned char *ss, unsigned long long *ss_len,
            unsigned char *ct, unsigned long long *ct_len)
{
    (void)pk_len;
    get_random_number(&drng_algorithm, ct, 256);
    *ct_len = 32;
    *ss_len = 32;
    return secret(pk, ct, ss);
}

int kem_dec(unsigned char *sk, unsigned long long sk_len, unsigned char *ct, unsigned long long ct_len,
            unsigned char *ss, unsigned long long *ss_len)
{
    (void)sk_len;
    (void)ct_len;
    *ss_len = 32;
    return secret(sk + 32, ct, ss);
}
