/* Loading the library under test: resolving CryptHash (the ICCS CryptHash API) for the hash commands, or only
 * opening it for the category-generic ones (ngcc_category.h). */
#ifndef NGCC_LIBRARY_H
#define NGCC_LIBRARY_H

typedef int (*crypt_hash_fn)(int digest_len_bits, const unsigned char *msg,
                             unsigned long long msg_len_bits, unsigned char *digest);

/* dlopen(RTLD_NOW | RTLD_LOCAL) then dlsym("CryptHash"). A path without '/'
 * is taken relative to the current directory (never searched for).
 * Returns DRV_EXIT_OK with *fn set, or DRV_EXIT_LOADFAIL after writing the
 * error line and the stderr sentence. */
int library_load(const char *path, crypt_hash_fn *fn);

/* The dlopen half of library_load, for the category-generic commands (ngcc_category.h): the
 * library is opened the same way, its constructors run under the crash guard, and no symbol is
 * looked up. Returns DRV_EXIT_OK with *handle set, or DRV_EXIT_LOADFAIL after the error line. */
int library_open(const char *path, void **handle);

/* library_open without the error line: 0, or -1 when dlopen failed (nothing written). */
int library_try_open(const char *path);

/* The symbol `name` of the library library_open or library_load opened last, or NULL when it has
 * none (the `symbol` function of ngcc_host). */
void *library_symbol(const char *name);

#endif
