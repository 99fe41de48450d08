/* A public-key instance (the ICCS public-key APIs): loaded beside the ICCS support library,
 * its category decided by the API functions it defines, its functions and
 * the DRNG it draws from resolved. */
#ifndef NGCC_PK_LIBRARY_H
#define NGCC_PK_LIBRARY_H

typedef enum { PK_KEM = 0, PK_SIG = 1, PK_KEX = 2, PK_CATEGORY_COUNT = 3, PK_CATEGORY_ANY = -1 } pk_category;

/* The official API's functions (the ICCS public-key APIs), one slot each. */
typedef enum {
    PK_KEM_GET_PK, PK_KEM_GET_SK, PK_KEM_GET_SS, PK_KEM_GET_CT, PK_KEM_KEYGEN, PK_KEM_ENC, PK_KEM_DEC,
    PK_SIG_GET_PK, PK_SIG_GET_SK, PK_SIG_GET_SN, PK_SIG_KEYGEN, PK_SIG_SIGN, PK_SIG_VERIFY,
    PK_KEX_GET_PASSES, PK_KEX_GET_PK, PK_KEX_GET_SK, PK_KEX_GET_STA, PK_KEX_GET_STB, PK_KEX_GET_SS,
    PK_KEX_GET_TOTAL, PK_KEX_INIT_A, PK_KEX_INIT_B, PK_KEX_PASS1_A, PK_KEX_PASS2_B, PK_KEX_PASS3_A,
    PK_KEX_PASS4_B, PK_KEX_PASS5_A, PK_KEX_PASS6_B,
    PK_KEX_DERIVE_A, PK_KEX_DERIVE_B,
    PK_SYMBOL_COUNT
} pk_symbol;

/* The most passes of a key exchange the driver runs: the official KAT_KEX.c writes passes 1 to 3
 * and asks protocols of more passes to go on likewise (kex_generate_pass4_msg_b, pass5 by the
 * initiator, …): odd passes are the initiator's, even ones the responder's. */
#define PK_KEX_MAX_PASSES 6

/* The function of pass n (1 .. PK_KEX_MAX_PASSES). */
#define PK_KEX_PASS_SYMBOL(n) ((pk_symbol)(PK_KEX_PASS1_A + (n) - 1))

typedef void (*pk_fn)(void);
typedef unsigned long long pk_len;
typedef pk_len (*pk_getter_fn)(void);
/* kem_keygen, sig_keygen */
typedef int (*pk_keygen_fn)(unsigned char *, pk_len *, unsigned char *, pk_len *);
typedef int (*pk_kem_enc_fn)(unsigned char *, pk_len, unsigned char *, pk_len *, unsigned char *, pk_len *);
typedef int (*pk_kem_dec_fn)(unsigned char *, pk_len, unsigned char *, pk_len, unsigned char *, pk_len *);
typedef int (*pk_sig_sign_fn)(unsigned char *, pk_len, unsigned char *, pk_len, unsigned char *, pk_len *);
typedef int (*pk_sig_verify_fn)(unsigned char *, pk_len, unsigned char *, pk_len, unsigned char *, pk_len);
typedef int (*pk_kex_init_fn)(unsigned char *, pk_len *, unsigned char *, pk_len *, unsigned char *, pk_len *);
typedef int (*pk_kex_pass1_fn)(unsigned char *, pk_len, unsigned char *, pk_len, unsigned char *, pk_len *,
                               unsigned char *, pk_len *);
/* kex_generate_pass2_msg_b, kex_generate_pass3_msg_a, and every later pass */
typedef int (*pk_kex_pass_fn)(unsigned char *, pk_len, unsigned char *, pk_len, unsigned char *, pk_len,
                              unsigned char *, pk_len *, unsigned char *, pk_len *);
typedef int (*pk_kex_derive_fn)(unsigned char *, pk_len, unsigned char *, pk_len, unsigned char *, pk_len,
                                unsigned char *, pk_len, unsigned char *, pk_len *);
/* ICCS drng.h */
typedef int (*pk_drng_init_fn)(void *, const unsigned char *, unsigned long long);
typedef int (*pk_drng_get_fn)(void *, unsigned char *, unsigned long long);

/* Where an ICCS symbol came from: the instance's own definition, or the
 * driver's support library. */
typedef enum { PK_FROM_DRIVER = 0, PK_FROM_INSTANCE = 1 } pk_origin;

#define PK_ICCS_SYMBOLS 6 /* drng_algorithm, init_random_number, get_random_number, sm3hash, pseudohash, pseudoXOF */

typedef struct {
    const char *path;
    pk_category category;
    pk_fn fn[PK_SYMBOL_COUNT];       /* NULL where the instance does not define it */
    void *drng_context;               /* &drng_algorithm the instance draws from */
    pk_drng_init_fn drng_init;
    pk_drng_get_fn drng_get;
    pk_origin origin[PK_ICCS_SYMBOLS];
} pk_library;

extern const char *const PK_SYMBOL_NAMES[PK_SYMBOL_COUNT];
extern const char *const PK_ICCS_NAMES[PK_ICCS_SYMBOLS];

const char *pk_category_name(pk_category category);
/* "kem", "sig", "kex" → the category; -1 for another text. */
int pk_category_parse(const char *text, pk_category *category);

/* Loads the ICCS support library beside the driver RTLD_GLOBAL (once; later calls return the
 * same handle); NULL when it cannot be found or loaded (dlerror says why). */
void *pk_support_load(void);

/* Makes pk_support_load load the profiling twin, libngcc-perf-iccs-profile.so (iccs_profile.h),
 * instead: called by `op-profile` alone, before the instance is loaded. */
void pk_support_choose_profiling(void);

/* Loads the ICCS support library (RTLD_GLOBAL) and then the instance
 * (RTLD_DEEPBIND: its own definitions win over the support's), decides the
 * category (`wanted` or PK_CATEGORY_ANY) by the API functions the instance
 * defines, and resolves them and the DRNG. Returns DRV_EXIT_OK, or
 * DRV_EXIT_LOADFAIL / DRV_EXIT_IO after writing the error line. */
int pk_library_load(const char *path, pk_category wanted, pk_library *lib);

#endif
