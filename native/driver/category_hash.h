/* The hash category's table (ngcc_category.h): libraries that define CryptHash (SPEC §2), one
 * operation `hash` with parameters digestBits and messageBytes, the message of the guide's rule
 * (message_pattern.h). Its KAT files are still made by the `kat` subcommand (cmd_kat.c), so its
 * table lists no KAT kinds. */
#ifndef NGCC_CATEGORY_HASH_H
#define NGCC_CATEGORY_HASH_H

#include "ngcc_category.h"

extern const ngcc_category CATEGORY_HASH;

#endif
