/* Exit codes of ngcc-perf-driver (PROTOCOL.md, "Exit codes"). */
#ifndef NGCC_EXIT_CODES_H
#define NGCC_EXIT_CODES_H

#define DRV_EXIT_OK 0
#define DRV_EXIT_USAGE 2
#define DRV_EXIT_CRYPTOFAIL 3
#define DRV_EXIT_OVERFLOW 4
#define DRV_EXIT_LOADFAIL 5
#define DRV_EXIT_IO 8
/* ct-taint in a driver built without <valgrind/memcheck.h>. */
#define DRV_EXIT_UNSUPPORTED 10
/* pk-kat, op-time, op-kat: a functional check failed (decapsulation, verification, agreement of
 * the two sides, the finishing pass; a category table's NGCC_OP_WRONG, ngcc_category.h): error
 * code CHECKFAIL. */
#define DRV_EXIT_CHECKFAIL 11
/* op-time --timeout S: the run (set-up, warm-up and timed calls) did not end within S seconds:
 * error code TIMEOUT. */
#define DRV_EXIT_TIMEOUT 12

#endif
