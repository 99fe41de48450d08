/* Resource limits and capabilities of a sandboxed driver (sandbox_internal.h). */
#define _GNU_SOURCE
#include "resource_limits.h"
#include "sandbox_internal.h"

#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif
#ifndef PR_CAP_AMBIENT
#define PR_CAP_AMBIENT 47
#define PR_CAP_AMBIENT_CLEAR_ALL 4
#endif

/* Lowers a limit: soft to `soft`, hard to `hard` (never raising either). */
static int lower_limit(int resource, const char *name, rlim_t soft, rlim_t hard, char *why, size_t why_bytes)
{
    struct rlimit limit;
    if (getrlimit(resource, &limit) != 0) {
        snprintf(why, why_bytes, "getrlimit(%s) failed: %s", name, strerror(errno));
        return -1;
    }
    if (limit.rlim_max == RLIM_INFINITY || hard < limit.rlim_max) {
        limit.rlim_max = hard;
    }
    limit.rlim_cur = soft < limit.rlim_max ? soft : limit.rlim_max;
    if (setrlimit(resource, &limit) != 0 && errno == EPERM && resource == RLIMIT_NOFILE && sandbox_under_valgrind()) {
        /* Valgrind keeps descriptors above the client's hard limit and refuses to move it;
         * the soft limit still applies and valgrind does not let the library raise it. */
        struct rlimit keep;
        if (getrlimit(resource, &keep) == 0) {
            limit.rlim_max = keep.rlim_max;
        }
    }
    if (setrlimit(resource, &limit) != 0) {
        snprintf(why, why_bytes, "setrlimit(%s) failed: %s", name, strerror(errno));
        return -1;
    }
    return 0;
}

int sandbox_apply_limits(const sandbox_config *cfg, int is_kat, char *why, size_t why_bytes)
{
    if (lower_limit(RLIMIT_CORE, "RLIMIT_CORE", 0, 0, why, why_bytes) != 0 ||
        lower_limit(RLIMIT_NOFILE, "RLIMIT_NOFILE", SANDBOX_OPEN_FILES, SANDBOX_OPEN_FILES, why, why_bytes) != 0) {
        return -1;
    }
    /* The hard CPU limit stays SANDBOX_CPU_GRACE_SECONDS above the soft one: the
     * kernel sends SIGXCPU at the soft limit (its default action ends the
     * process; the crash guard does not catch it) and SIGKILL at the hard one,
     * for a library that catches or ignores SIGXCPU. With both equal, SIGKILL
     * would come first. The library may raise its soft limit up to the hard
     * one, i.e. by at most the grace period, never further. */
    if (cfg->cpu_seconds != 0 &&
        lower_limit(RLIMIT_CPU, "RLIMIT_CPU", (rlim_t)cfg->cpu_seconds,
                    (rlim_t)(cfg->cpu_seconds + SANDBOX_CPU_GRACE_SECONDS), why, why_bytes) != 0) {
        return -1;
    }
    /* `kat` sets its own address-space limit (--max-memory-bytes, resource_limits.c)
     * once it knows the file; everywhere else the sandbox's applies, through the
     * same function, which lowers the hard limit with the soft one. */
    if (!is_kat && cfg->memory_bytes != 0) {
        uint64_t effective = 0;
        if (limit_kat_resources(cfg->memory_bytes, &effective) != 0) {
            snprintf(why, why_bytes, "setrlimit(RLIMIT_AS, %llu) failed: %s", (unsigned long long)cfg->memory_bytes,
                     strerror(errno));
            return -1;
        }
    }
    /* RLIMIT_NPROC is not used: it counts every process of the user on the machine
     * (and root ignores it); the seccomp filter refuses new processes instead. */
    return 0;
}

int sandbox_has_capability(int cap)
{
    struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof data);
    if (syscall(SYS_capget, &header, data) != 0) {
        return 0;
    }
    return (data[cap / 32].effective & (1u << (cap % 32))) != 0;
}

int sandbox_drop_capabilities(int keep_perfmon, char *why, size_t why_bytes)
{
    struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[2];
    int keep = keep_perfmon && sandbox_has_capability(CAP_PERFMON);
    int cap;
    for (cap = 0; cap < 64; cap++) {
        /* EINVAL: no such capability on this kernel; EPERM: no CAP_SETPCAP
         * (nothing to drop from a bounding set we cannot use anyway). */
        if (!(keep && cap == CAP_PERFMON) && prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL &&
            errno != EPERM) {
            snprintf(why, why_bytes, "prctl(PR_CAPBSET_DROP, %d) failed: %s", cap, strerror(errno));
            return -1;
        }
    }
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    memset(data, 0, sizeof data);
    if (keep) {
        data[CAP_PERFMON / 32].effective = 1u << (CAP_PERFMON % 32);
        data[CAP_PERFMON / 32].permitted = 1u << (CAP_PERFMON % 32);
    }
    if (syscall(SYS_capset, &header, data) != 0) {
        snprintf(why, why_bytes, "capset failed: %s", strerror(errno));
        return -1;
    }
    return 0;
}
