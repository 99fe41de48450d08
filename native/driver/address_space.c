/* The address-space limit in a "no memory" sentence (address_space.h). */
#define _POSIX_C_SOURCE 200809L
#include "address_space.h"

#include "exit_codes.h"
#include "json_line.h"
#include "report.h"

#include "sandbox.h"

#include <stdio.h>
#include <sys/resource.h>

#define GIB ((uint64_t)1 << 30)

uint64_t address_space_advice(uint64_t needed_bytes, char *out, size_t out_bytes)
{
    struct rlimit limit;
    uint64_t limit_bytes;
    uint64_t sandbox_bytes = sandbox_memory_limit_bytes();
    out[0] = '\0';
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) {
        return 0;
    }
    limit_bytes = (uint64_t)limit.rlim_cur;
    if (sandbox_bytes != 0 && limit_bytes >= sandbox_bytes) {
        uint64_t wanted = limit_bytes + needed_bytes;
        uint64_t suggested = wanted / GIB * GIB + (wanted % GIB != 0 ? GIB : 0);
        snprintf(out, out_bytes,
                 "the sandbox's address-space limit (RLIMIT_AS) of %llu bytes (%.3g GiB) is too small; "
                 "raise it with NGCC_PERF_SANDBOX_MEMORY_BYTES=%llu (bytes, 0 = no limit) in the "
                 "driver's environment",
                 (unsigned long long)limit_bytes, (double)limit_bytes / (double)GIB,
                 (unsigned long long)suggested);
    } else {
        /* The sandbox set none, or asked for more than the hard limit the
         * driver was started with allows: only the caller can raise it. */
        snprintf(out, out_bytes,
                 "the address-space limit (RLIMIT_AS) of %llu bytes (%.3g GiB) the driver was started "
                 "with is too small (NGCC_PERF_SANDBOX_MEMORY_BYTES can lower it, not raise it); raise "
                 "it before starting the driver (`ulimit -v unlimited`, or a larger `ulimit -v` in KiB)",
                 (unsigned long long)limit_bytes, (double)limit_bytes / (double)GIB);
    }
    return limit_bytes;
}

int address_space_report(const char *library, const char *activity, const char *what,
                         uint64_t needed_bytes, const char *sizes, const char *lower)
{
    char advice[512];
    uint64_t limit_bytes = address_space_advice(needed_bytes, advice, sizeof advice);
    json_line *j;
    if (limit_bytes == 0) {
        return -1;
    }
    j = report_begin("IO");
    jl_str(j, "library", library);
    jl_u64(j, "addressSpaceLimitBytes", limit_bytes);
    return report_finish(DRV_EXIT_IO, "%s (%s) while %s %s: %s, or %s", what, sizes, activity,
                         library, advice, lower);
}
