/* Toy KEMs (NOT secure) for the constant-time audit of decapsulation
 * (packages/ct/test/ct-operation.test.ts). sk = s (32 DRNG bytes) ‖ pk; pk = s XOR 0x5C; enc: r = 32 DRNG
 * bytes, ct = r XOR pk; ss = toy_mix(r) (32 bytes); dec: r = ct XOR s XOR 0x5C. Sizes: pk 32,
 * sk 64, ct 32, ss 32. Built with -g; the expected findings are marked `ct-branch:` and `ct-divide:`, the public division `ct-public:`.
 *   TOY_CT_BRANCH  dec branches on each secret key coefficient (its top bit)
 *   TOY_CT_DIVIDE  dec reduces each secret key coefficient modulo a public modulus (a `div`), and
 *                  divides the public ciphertext length by it (a public division)
 *   neither        dec is constant-time */
#include "pk_toy.h"

#include <string.h>

#define PK_BYTES 32
#define SK_BYTES 64
#define CT_BYTES 32
#define SS_BYTES 32

/* Where the toys' side results go, so that the compiler keeps the work. */
volatile unsigned toy_ct_sink;
/* The public modulus: volatile, so that the reduction is a real division instruction. */
volatile unsigned toy_ct_modulus = 3329u;

unsigned long long kem_get_pk_len_bytes(void) { return PK_BYTES; }
unsigned long long kem_get_sk_len_bytes(void) { return SK_BYTES; }
unsigned long long kem_get_ss_len_bytes(void) { return SS_BYTES; }
unsigned long long kem_get_ct_len_bytes(void) { return CT_BYTES; }

int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes)
{
    int i;
    get_random_number(&drng_algorithm, sk, 8 * 32);
    for (i = 0; i < PK_BYTES; i++) {
        pk[i] = (unsigned char)(sk[i] ^ 0x5C);
    }
    memcpy(sk + 32, pk, PK_BYTES);
    *pk_len_bytes = PK_BYTES;
    *sk_len_bytes = SK_BYTES;
    return 0;
}

int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes,
            unsigned char *ct, unsigned long long *ct_len_bytes)
{
    unsigned char r[32];
    int i;
    if (pk_len_bytes != PK_BYTES) {
        return -1;
    }
    get_random_number(&drng_algorithm, r, 8 * sizeof r);
    for (i = 0; i < 32; i++) {
        ct[i] = (unsigned char)(r[i] ^ pk[i]);
    }
    toy_mix(ss, SS_BYTES, r, sizeof r, NULL, 0);
    *ct_len_bytes = CT_BYTES;
    *ss_len_bytes = SS_BYTES;
    return 0;
}

#ifdef TOY_CT_BRANCH
__attribute__((noinline)) static void count_high(int i)
{
    toy_ct_sink += (unsigned)i;
}
#endif

int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct, unsigned long long ct_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes)
{
    unsigned char r[32];
    int i;
    if (sk_len_bytes != SK_BYTES || ct_len_bytes != CT_BYTES) {
        return -1;
    }
    for (i = 0; i < 32; i++) {
#ifdef TOY_CT_BRANCH
        if (sk[i] & 0x80) { /* ct-branch: on a secret key coefficient */
            count_high(i);
        }
#endif
#ifdef TOY_CT_DIVIDE
        toy_ct_sink += ((unsigned)sk[i] * 977u + 13u) % toy_ct_modulus; /* ct-divide: a secret reduced modulo the public modulus */
#endif
        r[i] = (unsigned char)(ct[i] ^ sk[i] ^ 0x5C);
    }
#ifdef TOY_CT_DIVIDE
    toy_ct_sink += (unsigned)(ct_len_bytes % toy_ct_modulus); /* ct-public: a division of the public ciphertext length */
#endif
    toy_mix(ss, SS_BYTES, r, sizeof r, NULL, 0);
    *ss_len_bytes = SS_BYTES;
    return 0;
}
