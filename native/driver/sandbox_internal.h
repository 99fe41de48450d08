/* Internals shared by sandbox*.c (see sandbox.h for what the sandbox is).
 * Not used by any other part of the driver. */
#ifndef NGCC_SANDBOX_INTERNAL_H
#define NGCC_SANDBOX_INTERNAL_H

#include "json_line.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The process's own writable folder: a fresh tmpfs mounted here inside the
 * sandbox's mount namespace (so every sandboxed process sees its own, empty
 * one, and nothing written there reaches the host). On the host it stays an
 * empty directory: the mount point. */
#define SANDBOX_SCRATCH_DIR "/tmp/ngcc-perf-scratch"

#define SANDBOX_DEFAULT_MEMORY_BYTES ((uint64_t)4 << 30)
#define SANDBOX_DEFAULT_CPU_SECONDS 3600u
#define SANDBOX_DEFAULT_SCRATCH_BYTES ((uint64_t)64 << 20)
#define SANDBOX_OPEN_FILES 256u
/* After the soft CPU limit (SIGXCPU) the kernel sends SIGKILL this much later. */
#define SANDBOX_CPU_GRACE_SECONDS 5u

/* The hidden option the bwrap monitor puts first in the inner driver's argv:
 * "--sandbox-inner=FD" (FD: the status pipe, see sandbox_bwrap.c). */
#define SANDBOX_INNER_OPTION "--sandbox-inner="

/* Set (to "1") in a driver that runs under valgrind for ct-taint (sandbox_valgrind.c). */
#define SANDBOX_VALGRIND_ACTIVE "NGCC_PERF_VALGRIND_ACTIVE"

/* 1 when this driver runs under valgrind started by sandbox_valgrind.c. */
int sandbox_under_valgrind(void);

/* For bwrap mode: when `sub` is ct-taint and NGCC_PERF_VALGRIND is set, appends
 * `--setenv ACTIVE 1 -- VALGRIND OPTIONS...` at args[n] (at most 16 entries) and
 * returns the new count; else returns n. The caller then appends the driver. */
int sandbox_valgrind_bwrap_args(const char *sub, const char **args, int n);

/* For unshare and off mode: when `sub` is ct-taint, NGCC_PERF_VALGRIND is set and
 * this driver does not yet run under it, executes valgrind on this driver with the
 * same arguments (returns only when that failed, with `why` set; `why` is empty when
 * nothing was to be done). */
void sandbox_valgrind_reexec(const char *sub, char **argv, char *why, size_t why_bytes);

typedef enum { SANDBOX_AUTO, SANDBOX_BWRAP, SANDBOX_UNSHARE, SANDBOX_OFF } sandbox_mode;

typedef struct {
    sandbox_mode requested;      /* NGCC_PERF_SANDBOX (auto when unset) or off */
    const char *off_reason;      /* why it is off: "--no-sandbox", "NGCC_PERF_NO_SANDBOX=1", ... */
    uint64_t memory_bytes;       /* RLIMIT_AS outside `kat` (0: none) */
    uint64_t cpu_seconds;        /* RLIMIT_CPU soft limit (0: none) */
    uint64_t scratch_bytes;      /* size of the scratch tmpfs */
    char bwrap_path[4096];       /* "" when bwrap is not on PATH */
    int inner_status_fd;         /* -1, or the status pipe when running inside bwrap */
} sandbox_config;

/* Reads the environment (and the --no-sandbox flag, already found by the
 * caller). Returns 0, or -1 with `why` set when a variable is malformed. */
int sandbox_read_config(sandbox_config *cfg, int no_sandbox_flag, char *why, size_t why_bytes);

/* Makes sure SANDBOX_SCRATCH_DIR exists on the host as a real directory (the
 * mount point). Returns 0, or -1 with `why` set. */
int sandbox_prepare_scratch(char *why, size_t why_bytes);

/* Unshare path, in this process: new mount, network and IPC namespaces (and
 * a user namespace when not privileged), everything read-only, nosuid and
 * nodev except the scratch tmpfs, /proc/self/clear_refs and a few harmless
 * device nodes; TMPDIR points at the scratch folder; capabilities dropped
 * (CAP_PERFMON kept when held, so migrations still count). Returns 0, or -1
 * with `why` set. The process is changed even when it fails: exit then. */
int sandbox_enter_namespaces(const sandbox_config *cfg, char *why, size_t why_bytes);

/* Resource limits, in this process: RLIMIT_CORE 0, RLIMIT_AS (not for
 * `kat`, which sets its own through resource_limits.c), RLIMIT_CPU,
 * RLIMIT_NOFILE; hard limits lowered with the soft ones so the library
 * cannot raise them. Returns 0, or -1 with `why` set. */
int sandbox_apply_limits(const sandbox_config *cfg, int is_kat, char *why, size_t why_bytes);

/* Drops every capability but CAP_PERFMON (kept only when `keep_perfmon` and
 * held) from the effective, permitted, inheritable, ambient and bounding
 * sets. Returns 0, or -1 with `why` set. */
int sandbox_drop_capabilities(int keep_perfmon, char *why, size_t why_bytes);

/* 1 when capability number `cap` is in the effective set, else 0. */
int sandbox_has_capability(int cap);

/* PR_SET_NO_NEW_PRIVS and the seccomp filter of sandbox_seccomp.c, for the
 * process whose pid is `self`. Returns 0, or -1 with `why` set. */
int sandbox_lock_down(pid_t self, char *why, size_t why_bytes);

/* Bwrap path. Runs the driver again under bwrap and waits for it, passing
 * signals on; ends this process the way the sandboxed driver ended (same exit
 * code, or death by the same signal). Returns only when bwrap could not set
 * up the sandbox, with `why` set, so the caller can fall back. */
void sandbox_run_under_bwrap(const sandbox_config *cfg, int argc, char **argv, char *why, size_t why_bytes);

/* Inside bwrap: tells the monitor that set-up worked, and arranges for it to
 * learn whether the process exited or died of a signal (marks on the status
 * pipe, sandbox_bwrap.c). */
void sandbox_inner_started(int status_fd);

/* Runs a sandbox entry in a child process, to report in `info` whether it
 * works. mode is SANDBOX_BWRAP or SANDBOX_UNSHARE. Returns 0, or -1 with
 * `why` set. */
int sandbox_probe(const sandbox_config *cfg, sandbox_mode mode, char *why, size_t why_bytes);

/* The name of the architecture the seccomp filter supports here, or NULL. */
const char *sandbox_seccomp_arch(void);

#endif
