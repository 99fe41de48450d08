/* Why memory for the driver's own buffers could not be had, when an
 * address-space limit (RLIMIT_AS) is in force: the sandbox's 4 GiB by
 * default (NGCC_PERF_SANDBOX_MEMORY_BYTES, PROTOCOL.md "Sandbox") or one the
 * driver was started with. With such a limit a large MESSAGE_BYTES fails on a
 * machine with plenty of free memory, so the IO sentence names the limit and
 * how to raise it instead of blaming the arguments. */
#ifndef NGCC_ADDRESS_SPACE_H
#define NGCC_ADDRESS_SPACE_H

#include <stddef.h>
#include <stdint.h>

/* Returns the soft RLIMIT_AS in force, in bytes (0 when there is none), and
 * when there is one writes into `out` what limits it and how to raise it,
 * for an allocation of about `needed_bytes` that failed, e.g.
 *   the sandbox's address-space limit (RLIMIT_AS) of 268435456 bytes (0.25 GiB)
 *   is too small; raise it with NGCC_PERF_SANDBOX_MEMORY_BYTES=1073741824 (bytes,
 *   0 = no limit) in the driver's environment
 * (the suggested value: the limit plus `needed_bytes`, rounded up to whole
 * GiB). With no limit, `out` is "". */
uint64_t address_space_advice(uint64_t needed_bytes, char *out, size_t out_bytes);

/* For `time` and `memory`: when an address-space limit is in force, writes
 * the IO error line (with `library` and `addressSpaceLimitBytes`) for an
 * allocation of about `needed_bytes` that failed,
 *   "<what> (<sizes>) while <activity> <library>: <advice>, or <lower>"
 * and returns DRV_EXIT_IO; with no limit it writes nothing and returns -1, so
 * the caller reports the failure in its own plain words. */
int address_space_report(const char *library, const char *activity, const char *what,
                         uint64_t needed_bytes, const char *sizes, const char *lower);

#endif
