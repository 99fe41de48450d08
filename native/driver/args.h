/* Strict parsing of command-line numbers and usage errors. */
#ifndef NGCC_ARGS_H
#define NGCC_ARGS_H

#include <stdint.h>

/* Parses a plain decimal integer (digits only, no sign, no spaces) in
 * [min, max]. Returns 0, or -1 when the text is not such a number. */
int parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *value);

/* Parses DIGEST_BITS: a multiple of 8 in [8, INT_MAX]. Returns 0 or -1. */
int parse_digest_bits(const char *text, int *digest_bits);

/* Writes the USAGE error line and stderr sentence; returns DRV_EXIT_USAGE.
 * `problem` says what is wrong, e.g. "DIGEST_BITS must be ...". */
int usage_error(const char *subcommand, const char *problem);

/* Like usage_error, with the value that was given appended to `problem`:
 * `--offset must be an integer from 0 to 63, got "99"` (a value longer than
 * 100 bytes is cut, with "..." after it). */
int usage_error_got(const char *subcommand, const char *problem, const char *value);

/* Writes the usage summary to stderr. */
void print_usage(void);

#endif
