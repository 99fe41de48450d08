/* A KEM of the official public-key API that does nothing (bench/kem-loop.mjs): its enc and dec
 * return at once, so what a timed call costs is the harness's own cost per call. */
unsigned long long kem_get_pk_len_bytes(void) { return 32; }
unsigned long long kem_get_sk_len_bytes(void) { return 32; }
unsigned long long kem_get_ss_len_bytes(void) { return 32; }
unsigned long long kem_get_ct_len_bytes(void) { return 32; }

int kem_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    (void)pk;
    (void)sk;
    *pk_len = 32;
    *sk_len = 32;
    return 0;
}

int kem_enc(unsigned char *pk, unsigned long long pk_len, unsigned char *ss, unsigned long long *ss_len,
            unsigned char *ct, unsigned long long *ct_len)
{
    (void)pk;
    (void)pk_len;
    (void)ss;
    (void)ct;
    *ss_len = 32;
    *ct_len = 32;
    return 0;
}

int kem_dec(unsigned char *sk, unsigned long long sk_len, unsigned char *ct, unsigned long long ct_len,
            unsigned char *ss, unsigned long long *ss_len)
{
    (void)sk;
    (void)sk_len;
    (void)ct;
    (void)ct_len;
    (void)ss;
    *ss_len = 32;
    return 0;
}
