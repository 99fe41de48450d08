/* A designer's own speed loop for a KEM of the official public-key API (bench/kem-loop.mjs): the
 * instance linked in directly, the ICCS DRNG seeded once with the bytes 00..2f, one key pair (and
 * one ciphertext for dec) made before timing, then ROUNDS rounds of CALLS calls between two
 * rdtsc reads (lfence on each side); prints the median round's ticks per call.
 * Usage: kem_speed enc|dec CALLS ROUNDS */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

unsigned long long kem_get_pk_len_bytes(void);
unsigned long long kem_get_sk_len_bytes(void);
unsigned long long kem_get_ss_len_bytes(void);
unsigned long long kem_get_ct_len_bytes(void);
int kem_keygen(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *);
int kem_enc(unsigned char *, unsigned long long, unsigned char *, unsigned long long *, unsigned char *,
            unsigned long long *);
int kem_dec(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
            unsigned long long *);
extern unsigned char drng_algorithm[];
int init_random_number(void *, const unsigned char *, unsigned long long);

static uint64_t ticks(void)
{
    uint64_t t;
    _mm_lfence();
    t = __rdtsc();
    _mm_lfence();
    return t;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    unsigned char seed[48];
    unsigned long long pk_len, sk_len, ss_len, ct_len, ss2_len;
    unsigned char *pk, *sk, *ss, *ss2, *ct;
    long calls, rounds, r, i;
    int dec;
    double *per_call;
    if (argc != 4) {
        fprintf(stderr, "usage: kem_speed enc|dec CALLS ROUNDS\n");
        return 2;
    }
    dec = strcmp(argv[1], "dec") == 0;
    calls = atol(argv[2]);
    rounds = atol(argv[3]);
    for (i = 0; i < 48; i++) {
        seed[i] = (unsigned char)i;
    }
    init_random_number(drng_algorithm, seed, sizeof seed);
    pk = malloc(pk_len = kem_get_pk_len_bytes());
    sk = malloc(sk_len = kem_get_sk_len_bytes());
    ss = malloc(ss_len = kem_get_ss_len_bytes());
    ss2 = malloc(ss2_len = ss_len);
    ct = malloc(ct_len = kem_get_ct_len_bytes());
    per_call = malloc(sizeof *per_call * (size_t)rounds);
    if (!pk || !sk || !ss || !ss2 || !ct || !per_call || kem_keygen(pk, &pk_len, sk, &sk_len) != 0 ||
        kem_enc(pk, pk_len, ss, &ss_len, ct, &ct_len) != 0) {
        return 1;
    }
    for (r = 0; r < rounds; r++) {
        uint64_t start = ticks();
        for (i = 0; i < calls; i++) {
            if (dec) {
                kem_dec(sk, sk_len, ct, ct_len, ss2, &ss2_len);
            } else {
                kem_enc(pk, pk_len, ss2, &ss2_len, ct, &ct_len);
            }
        }
        per_call[r] = (double)(ticks() - start) / (double)calls;
    }
    qsort(per_call, (size_t)rounds, sizeof *per_call, compare);
    printf("%.3f\n", per_call[rounds / 2]);
    return 0;
}
