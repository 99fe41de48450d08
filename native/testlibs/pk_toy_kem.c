/* A toy KEM (NOT secure) over the ICCS DRNG, for `pk-kat` tests.
 * sk = s (32 DRNG bytes) ‖ pk; pk = s XOR 0xA5; enc: r = 32 DRNG bytes,
 * ct = (r XOR pk) ‖ toy_mix(r)[0..7], ss = first 24 bytes of sm3hash(256, r);
 * dec: r = ct XOR pk, ss as in enc. Sizes: pk 32, sk 64, ct 40, ss 24.
 * TOY_SECRET = 512, 768 or 1024 makes ss = pseudohash(TOY_SECRET, r) (TOY_SECRET/8 bytes);
 * TOY_SECRET = 1 makes ss = pseudoXOF(800 bits, r) (100 bytes): the tests recompute them.
 * Compile-time faults (CMakeLists.txt):
 *   TOY_FAULT_WRITE_LONG   kem_enc writes one byte after the 40 its getter says
 *   TOY_FAULT_CLAIM_LONG   kem_enc says it wrote 48 bytes of ct (the getter says 40)
 *   TOY_FAULT_WRONG_SECRET kem_dec gives the secret with its last bit flipped
 *   TOY_FAULT_SEGV_DEC     kem_dec writes through a NULL pointer on its third call
 *   TOY_FAULT_HANG_ENC     kem_enc never returns on its second call (record 1)
 *   TOY_FAULT_HANG_ENC_AT=N kem_enc never returns on its Nth call in the process (after the KAT's)
 *   TOY_FAULT_HUGE_GETTER  kem_get_ct_len_bytes says 2^62 bytes
 *   TOY_OWN_DRNG_OBJECT    defines its own drng_algorithm (the driver's functions fill it)
 *   TOY_OWN_DRNG           defines its own init_random_number/get_random_number (a counter, not the DRBG)
 *   TOY_OWN_SM3HASH        defines its own sm3hash (returns bytes 0x5A)
 *   TOY_STATIC_SM3HASH     the same sm3hash, static: a local symbol, never exported */
#include "pk_toy.h"

#include <string.h>
#if defined(TOY_FAULT_HANG_ENC_AT)
#define TOY_HANG_ENC_CALL TOY_FAULT_HANG_ENC_AT
#elif defined(TOY_FAULT_HANG_ENC)
#define TOY_HANG_ENC_CALL 2
#endif
#ifdef TOY_HANG_ENC_CALL
#include <unistd.h>
#endif

#define PK_BYTES 32
#define SK_BYTES 64
#define CT_BYTES 40
#if !defined(TOY_SECRET)
#define SS_BYTES 24
#elif TOY_SECRET == 1
#define SS_BYTES 100
#else
#define SS_BYTES (TOY_SECRET / 8)
#endif

#ifdef TOY_OWN_DRNG_OBJECT
toy_drng_ctx drng_algorithm;
#endif

#ifdef TOY_OWN_DRNG
/* Not the DRBG: out[i] = (state + i) mod 256, state advancing per call. */
int init_random_number(toy_drng_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
    memset(drng, 0, sizeof *drng);
    drng->v[0] = seed_len_bytes > 0 ? seed[0] : 0;
    return 0;
}

int get_random_number(toy_drng_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits)
{
    unsigned long long i;
    for (i = 0; i < (random_number_len_bits + 7) / 8; i++) {
        random_number[i] = (unsigned char)(drng->v[0] + i);
    }
    drng->v[0]++;
    return 0;
}
#endif

#if defined(TOY_OWN_SM3HASH) || defined(TOY_STATIC_SM3HASH)
#ifdef TOY_STATIC_SM3HASH
/* kept out of line, so that the library's symbol table holds it (a local t symbol) */
static __attribute__((noinline))
#endif
int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    (void)msg;
    (void)msg_len_bits;
    memset(digest, 0x5A, (size_t)digest_len_bits / 8);
    return 0;
}
#endif

unsigned long long kem_get_pk_len_bytes(void) { return PK_BYTES; }
unsigned long long kem_get_sk_len_bytes(void) { return SK_BYTES; }
unsigned long long kem_get_ss_len_bytes(void) { return SS_BYTES; }
#ifdef TOY_FAULT_HUGE_GETTER
unsigned long long kem_get_ct_len_bytes(void) { return 1ULL << 62; }
#else
unsigned long long kem_get_ct_len_bytes(void) { return CT_BYTES; }
#endif

int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes)
{
    int i;
    get_random_number(&drng_algorithm, sk, 8 * 32);
    for (i = 0; i < PK_BYTES; i++) {
        pk[i] = (unsigned char)(sk[i] ^ 0xA5);
    }
    memcpy(sk + 32, pk, PK_BYTES);
    *pk_len_bytes = PK_BYTES;
    *sk_len_bytes = SK_BYTES;
    return 0;
}

static int secret_from(const unsigned char r[32], unsigned char *ss)
{
#if !defined(TOY_SECRET)
    unsigned char digest[32];
    if (sm3hash(256, r, 256, digest) != 0) {
        return -1;
    }
    memcpy(ss, digest, SS_BYTES);
    return 0;
#elif TOY_SECRET == 1
    return pseudoXOF(8 * SS_BYTES, r, 256, ss) == 0 ? 0 : -1;
#else
    return pseudohash(TOY_SECRET, r, 256, ss) == 0 ? 0 : -1;
#endif
}

int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes,
            unsigned char *ct, unsigned long long *ct_len_bytes)
{
    unsigned char r[32];
    int i;
#ifdef TOY_HANG_ENC_CALL
    static int calls;
    if (++calls == TOY_HANG_ENC_CALL) {
        for (;;) {
            pause();
        }
    }
#endif
    if (pk_len_bytes != PK_BYTES) {
        return -1;
    }
    get_random_number(&drng_algorithm, r, 8 * sizeof r);
    for (i = 0; i < 32; i++) {
        ct[i] = (unsigned char)(r[i] ^ pk[i]);
    }
    toy_mix(ct + 32, 8, r, sizeof r, NULL, 0);
#ifdef TOY_FAULT_WRITE_LONG
    ct[CT_BYTES] = 0x00;
#endif
    *ct_len_bytes = CT_BYTES;
#ifdef TOY_FAULT_CLAIM_LONG
    *ct_len_bytes = CT_BYTES + 8;
#endif
    *ss_len_bytes = SS_BYTES;
    return secret_from(r, ss);
}

int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct, unsigned long long ct_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes)
{
    unsigned char r[32];
    int i;
#ifdef TOY_FAULT_SEGV_DEC
    static int calls;
    if (++calls == 3) {
        *(volatile unsigned char *)0 = 1;
    }
#endif
    if (sk_len_bytes != SK_BYTES || ct_len_bytes != CT_BYTES) {
        return -1;
    }
    for (i = 0; i < 32; i++) {
        r[i] = (unsigned char)(ct[i] ^ sk[32 + i]);
    }
    *ss_len_bytes = SS_BYTES;
    if (secret_from(r, ss) != 0) {
        return -1;
    }
#ifdef TOY_FAULT_WRONG_SECRET
    ss[SS_BYTES - 1] ^= 0x01;
#endif
    return 0;
}
