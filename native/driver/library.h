/* Loading the library under test and resolving CryptHash (the ICCS CryptHash API). */
#ifndef NGCC_LIBRARY_H
#define NGCC_LIBRARY_H

typedef int (*crypt_hash_fn)(int digest_len_bits, const unsigned char *msg,
                             unsigned long long msg_len_bits, unsigned char *digest);

/* dlopen(RTLD_NOW | RTLD_LOCAL) then dlsym("CryptHash"). A path without '/'
 * is taken relative to the current directory (never searched for).
 * Returns DRV_EXIT_OK with *fn set, or DRV_EXIT_LOADFAIL after writing the
 * error line and the stderr sentence. */
int library_load(const char *path, crypt_hash_fn *fn);

#endif
