/* Limits the `kat` subcommand puts on its own process before loading the
 * library (PROTOCOL.md, `kat`): an address-space limit, so that a library
 * that allocates without bound fails inside the driver (a NULL from malloc,
 * then CRYPTOFAIL or a crash) instead of exhausting the machine, and no core
 * files from a crashing library. */
#ifndef NGCC_RESOURCE_LIMITS_H
#define NGCC_RESOURCE_LIMITS_H

#include <stdint.h>

/* Sets RLIMIT_AS to `bytes` (0: leave it) and RLIMIT_CORE to 0, the soft
 * and the hard limit alike, so that the library cannot raise them again
 * (without CAP_SYS_RESOURCE, which the sandbox drops). When the hard limit is
 * lower than `bytes`, the hard limit is used. Stores the RLIMIT_AS now in
 * force in *effective_bytes (0 when unlimited). Returns 0, or -1 (errno set)
 * when setrlimit failed. Also used by the sandbox for every other
 * subcommand (sandbox_limits.c). */
int limit_kat_resources(uint64_t bytes, uint64_t *effective_bytes);

#endif
