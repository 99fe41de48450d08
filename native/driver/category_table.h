/* Finding a category's table (ngcc_category.h): the driver's built-in ones, hash first, or the
 * one an adapter library brings (`--adapter PATH`, PROTOCOL.md "Categories"). */
#ifndef NGCC_CATEGORY_TABLE_H
#define NGCC_CATEGORY_TABLE_H

#include "ngcc_category.h"

#include <stdint.h>

/* The built-in categories, NULL-terminated; adding one is one line in category_table.c. */
extern const ngcc_category *const BUILT_IN_CATEGORIES[];

/* The category `name`: from the adapter library at adapter_path when it is not NULL (its table's
 * name must then be `name`), else the built-in one. Returns DRV_EXIT_OK with *out set, or
 * DRV_EXIT_USAGE (unknown name, adapter that cannot be loaded or speaks another ABI) after
 * writing the error line, which names `subcommand`. */
int category_find(const char *subcommand, const char *name, const char *adapter_path, const ngcc_category **out);

/* The category an adapter library serves, whatever its name. Same errors as category_find. */
int category_from_adapter(const char *subcommand, const char *adapter_path, const ngcc_category **out);

/* The operation `name` of category c, or NULL. */
const ngcc_operation *category_operation(const ngcc_category *c, const char *name);

/* The host functions the driver gives adapters: the library opened by library_open. */
const ngcc_host *category_host(const char *library_path);

/* Opens the library under test for category c: a public-key category (kem, sig, kex) the way
 * `pk-kat` does (the ICCS support library first, pk/pk_op.h), any other with library_open.
 * Returns DRV_EXIT_OK, or the exit code after writing the error line (LOADFAIL, IO). */
int category_open_library(const ngcc_category *c, const char *path);

/* Failed attempts the calls of an operation of category c retried so far (a signature's sign,
 * pk/category_sig.c); 0 for the categories that retry nothing. Not part of the category ABI. */
uint64_t category_retries(const ngcc_category *c, const void *state);

/* 1 when op-time reports `retries` for category c (the public-key ones). */
int category_counts_retries(const ngcc_category *c);

#endif
