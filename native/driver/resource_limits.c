#define _POSIX_C_SOURCE 200809L
#include "resource_limits.h"

#include <sys/resource.h>

int limit_kat_resources(uint64_t bytes, uint64_t *effective_bytes)
{
    struct rlimit limit;
    /* Soft and hard: a library may raise a soft limit up to the hard one with
     * setrlimit(2), and only CAP_SYS_RESOURCE (dropped in the sandbox) raises
     * a hard limit. */
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    if (getrlimit(RLIMIT_AS, &limit) != 0) {
        return -1;
    }
    if (bytes != 0) {
        rlim_t wanted = (rlim_t)bytes;
        if (limit.rlim_max != RLIM_INFINITY && wanted > limit.rlim_max) {
            wanted = limit.rlim_max;
        }
        limit.rlim_cur = wanted;
        limit.rlim_max = wanted;
        if (setrlimit(RLIMIT_AS, &limit) != 0) {
            return -1;
        }
    }
    *effective_bytes = limit.rlim_cur == RLIM_INFINITY ? 0 : (uint64_t)limit.rlim_cur;
    return 0;
}
