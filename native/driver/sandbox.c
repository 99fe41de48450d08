/* Entering the sandbox at start-up and describing it in `info` (sandbox.h).
 * The mechanisms live in sandbox_bwrap.c, sandbox_unshare.c,
 * sandbox_limits.c and sandbox_seccomp.c. */
#define _GNU_SOURCE
#include "sandbox.h"

#include "args.h"
#include "exit_codes.h"
#include "parent_death.h"
#include "report.h"
#include "sandbox_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

static sandbox_config config;
static int config_read = 0;
/* RLIMIT_AS this process's sandbox set (sandbox_memory_limit_bytes). */
static uint64_t applied_memory_bytes = 0;

static const char *mode_name(sandbox_mode mode)
{
    switch (mode) {
    case SANDBOX_BWRAP: return "bwrap";
    case SANDBOX_UNSHARE: return "unshare";
    case SANDBOX_OFF: return "off";
    default: return "auto";
    }
}

/* Subcommands that never load a library run outside the sandbox. */
static int runs_no_candidate_code(const char *sub)
{
    static const char *const safe[] = {"info", "clock-probe", "select-counter-selftest", "seccomp-table", "--version",
                                       "--help", "-h", "help"};
    size_t i;
    for (i = 0; i < sizeof safe / sizeof safe[0]; i++) {
        if (strcmp(sub, safe[i]) == 0) {
            return 1;
        }
    }
    return 0;
}

static void find_bwrap(char *out, size_t out_bytes)
{
    const char *path = getenv("PATH");
    const char *p;
    out[0] = '\0';
    if (path == NULL || *path == '\0') {
        path = "/usr/local/bin:/usr/bin:/bin";
    }
    for (p = path; *p != '\0';) {
        const char *end = strchr(p, ':');
        size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
        struct stat st;
        if (n > 0 && n + sizeof "/bwrap" < out_bytes) {
            memcpy(out, p, n);
            memcpy(out + n, "/bwrap", sizeof "/bwrap");
            if (out[0] == '/' && stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, X_OK) == 0) {
                return;
            }
        }
        p += n;
        if (*p == ':') {
            p++;
        }
    }
    out[0] = '\0';
}

static int env_bytes(const char *name, uint64_t fallback, uint64_t min, uint64_t *value, char *why, size_t why_bytes)
{
    const char *text = getenv(name);
    if (text == NULL || *text == '\0') {
        *value = fallback;
        return 0;
    }
    if (parse_u64(text, 0, UINT64_MAX, value) != 0 || (*value != 0 && *value < min)) {
        snprintf(why, why_bytes, "%s=\"%.100s\" is not 0 or a whole number of at least %llu; unset it for the default %llu",
                 name, text, (unsigned long long)min, (unsigned long long)fallback);
        return -1;
    }
    return 0;
}

int sandbox_read_config(sandbox_config *cfg, int no_sandbox_flag, char *why, size_t why_bytes)
{
    const char *off = getenv("NGCC_PERF_NO_SANDBOX");
    const char *mode = getenv("NGCC_PERF_SANDBOX");
    memset(cfg, 0, sizeof *cfg);
    cfg->inner_status_fd = -1;
    cfg->requested = SANDBOX_AUTO;
    if (mode != NULL && *mode != '\0') {
        if (strcmp(mode, "auto") == 0) {
            cfg->requested = SANDBOX_AUTO;
        } else if (strcmp(mode, "bwrap") == 0) {
            cfg->requested = SANDBOX_BWRAP;
        } else if (strcmp(mode, "unshare") == 0) {
            cfg->requested = SANDBOX_UNSHARE;
        } else if (strcmp(mode, "off") == 0) {
            cfg->requested = SANDBOX_OFF;
            cfg->off_reason = "NGCC_PERF_SANDBOX=off";
        } else {
            snprintf(why, why_bytes, "NGCC_PERF_SANDBOX=\"%.100s\" is not auto, bwrap, unshare or off; unset it for auto", mode);
            return -1;
        }
    }
    if (off != NULL && *off != '\0' && strcmp(off, "0") != 0) {
        cfg->requested = SANDBOX_OFF;
        cfg->off_reason = "NGCC_PERF_NO_SANDBOX is set";
    }
    if (no_sandbox_flag) {
        cfg->requested = SANDBOX_OFF;
        cfg->off_reason = "--no-sandbox";
    }
    if (env_bytes("NGCC_PERF_SANDBOX_MEMORY_BYTES", SANDBOX_DEFAULT_MEMORY_BYTES, (uint64_t)16 << 20,
                  &cfg->memory_bytes, why, why_bytes) != 0 ||
        env_bytes("NGCC_PERF_SANDBOX_CPU_SECONDS", SANDBOX_DEFAULT_CPU_SECONDS, 1, &cfg->cpu_seconds, why, why_bytes) != 0 ||
        env_bytes("NGCC_PERF_SANDBOX_SCRATCH_BYTES", SANDBOX_DEFAULT_SCRATCH_BYTES, 4096, &cfg->scratch_bytes, why,
                  why_bytes) != 0) {
        return -1;
    }
    if (cfg->scratch_bytes == 0) {
        cfg->scratch_bytes = SANDBOX_DEFAULT_SCRATCH_BYTES;
    }
    find_bwrap(cfg->bwrap_path, sizeof cfg->bwrap_path);
    return 0;
}

/* Removes --no-sandbox anywhere and --sandbox-inner=FD in first place.
 * Returns 1 when --no-sandbox was there. */
static int strip_options(int *argc, char **argv, int *inner_fd)
{
    int found = 0;
    int from;
    int to = 1;
    *inner_fd = -1;
    for (from = 1; from < *argc; from++) {
        uint64_t fd;
        if (strcmp(argv[from], "--no-sandbox") == 0) {
            found = 1;
            continue;
        }
        if (from == 1 && strncmp(argv[from], SANDBOX_INNER_OPTION, strlen(SANDBOX_INNER_OPTION)) == 0 &&
            parse_u64(argv[from] + strlen(SANDBOX_INNER_OPTION), 3, 1023, &fd) == 0) {
            *inner_fd = (int)fd;
            continue;
        }
        argv[to++] = argv[from];
    }
    argv[to] = NULL;
    *argc = to;
    return found;
}

static int cannot_enter(const char *sub, const char *mode, const char *why)
{
    json_line *j = report_begin("IO");
    jl_str(j, "subcommand", sub);
    jl_str(j, "sandbox", mode);
    return report_finish(DRV_EXIT_IO,
                         "%s: cannot enter the sandbox (%s mode): %s. Install bubblewrap (apt-get install "
                         "bubblewrap), allow unprivileged user namespaces, or - only on a machine you do not mind "
                         "candidate code touching - pass --no-sandbox (NGCC_PERF_NO_SANDBOX=1)",
                         sub, mode, why);
}

/* Limits, no_new_privs and seccomp: the part every sandboxed process does itself. */
static int finish_in_process(const char *sub, const char *mode)
{
    char why[512];
    /* A core_pattern pipe (systemd-coredump, apport) ignores RLIMIT_CORE 0; a process that is
     * not dumpable gets no core at all. Only as root: a user's non-dumpable process would lose
     * write access to its own /proc/self/clear_refs (the files then belong to root). */
    if (geteuid() == 0) {
        prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    }
    /* Entering a user namespace or dropping capabilities may have cleared the parent-death signal. */
    parent_death_rearm();
    if (sandbox_apply_limits(&config, strcmp(sub, "kat") == 0, why, sizeof why) != 0 ||
        sandbox_lock_down(getpid(), why, sizeof why) != 0) {
        return cannot_enter(sub, mode, why);
    }
    applied_memory_bytes = strcmp(sub, "kat") == 0 ? 0 : config.memory_bytes;
    return DRV_EXIT_OK;
}

static int enter_unshare(const char *sub)
{
    char why[512];
    if (sandbox_prepare_scratch(why, sizeof why) != 0 || sandbox_enter_namespaces(&config, why, sizeof why) != 0) {
        return cannot_enter(sub, "unshare", why);
    }
    return finish_in_process(sub, "unshare");
}

int sandbox_enter(int *argc, char **argv)
{
    char why[512];
    int inner_fd;
    int no_sandbox = strip_options(argc, argv, &inner_fd);
    const char *sub = *argc >= 2 ? argv[1] : NULL;
    if (sandbox_read_config(&config, no_sandbox, why, sizeof why) != 0) {
        return usage_error(NULL, why);
    }
    config_read = 1;
    if (inner_fd >= 0) {
        /* This is the copy bwrap started: namespaces and mounts are done. */
        config.inner_status_fd = inner_fd;
        sandbox_inner_started(inner_fd);
        return finish_in_process(sub != NULL ? sub : "(none)", "bwrap");
    }
    if (sub == NULL || runs_no_candidate_code(sub)) {
        return DRV_EXIT_OK;
    }
    if (config.requested == SANDBOX_UNSHARE || config.requested == SANDBOX_OFF || config.bwrap_path[0] == '\0') {
        sandbox_valgrind_reexec(sub, argv, why, sizeof why);
        if (why[0] != '\0') {
            return cannot_enter(sub, "valgrind", why);
        }
    }
    if (config.requested == SANDBOX_OFF) {
        fprintf(stderr,
                "ngcc-perf-driver: WARNING: the sandbox is OFF (%s): the library runs with all the rights of "
                "this process - network, every file it may write, other processes. Do this only for code you "
                "trust.\n",
                config.off_reason);
        return DRV_EXIT_OK;
    }
    if (config.requested == SANDBOX_BWRAP && config.bwrap_path[0] == '\0') {
        return cannot_enter(sub, "bwrap", "NGCC_PERF_SANDBOX=bwrap, but no bwrap on PATH");
    }
    if (config.requested != SANDBOX_UNSHARE && config.bwrap_path[0] != '\0') {
        if (sandbox_prepare_scratch(why, sizeof why) != 0) {
            return cannot_enter(sub, "bwrap", why);
        }
        sandbox_run_under_bwrap(&config, *argc, argv, why, sizeof why);
        if (config.requested == SANDBOX_BWRAP) {
            return cannot_enter(sub, "bwrap", why);
        }
        fprintf(stderr, "ngcc-perf-driver: bwrap could not set up the sandbox (%s); using unshare instead\n", why);
    }
    return enter_unshare(sub);
}

uint64_t sandbox_memory_limit_bytes(void)
{
    return applied_memory_bytes;
}

static void describe_limits(json_line *line)
{
    jl_str(line, "network", "none");
    jl_str(line, "filesystem", "read-only except scratch");
    jl_str(line, "scratch", SANDBOX_SCRATCH_DIR);
    jl_u64(line, "scratchBytes", config.scratch_bytes);
    jl_bool(line, "noNewPrivs", 1);
    if (sandbox_seccomp_arch() != NULL) {
        jl_str(line, "seccomp", sandbox_seccomp_arch());
    } else {
        jl_null(line, "seccomp");
    }
    if (config.memory_bytes == 0) {
        jl_null(line, "maxMemoryBytes");
    } else {
        jl_u64(line, "maxMemoryBytes", config.memory_bytes);
    }
    if (config.cpu_seconds == 0) {
        jl_null(line, "cpuSeconds");
    } else {
        jl_u64(line, "cpuSeconds", config.cpu_seconds);
    }
    jl_u64(line, "openFiles", SANDBOX_OPEN_FILES);
    jl_u64(line, "coreBytes", 0);
}

void sandbox_describe(json_line *line)
{
    char why[512] = "";
    char bwrap_why[512] = "";
    sandbox_mode mode = SANDBOX_OFF;
    if (!config_read && sandbox_read_config(&config, 0, why, sizeof why) != 0) {
        config.requested = SANDBOX_AUTO;
    }
    jl_object_begin(line, "sandbox");
    if (config.requested == SANDBOX_OFF) {
        jl_str(line, "mode", "off");
        jl_str(line, "requested", "off");
        jl_str(line, "network", "host");
        jl_str(line, "filesystem", "host");
        jl_str(line, "reason", config.off_reason);
        jl_object_end(line);
        return;
    }
    if (config.requested != SANDBOX_UNSHARE && config.bwrap_path[0] != '\0') {
        if (sandbox_probe(&config, SANDBOX_BWRAP, bwrap_why, sizeof bwrap_why) == 0) {
            mode = SANDBOX_BWRAP;
        }
    } else if (config.requested == SANDBOX_BWRAP) {
        snprintf(bwrap_why, sizeof bwrap_why, "NGCC_PERF_SANDBOX=bwrap, but no bwrap on PATH");
    }
    if (mode == SANDBOX_OFF && config.requested != SANDBOX_BWRAP &&
        sandbox_probe(&config, SANDBOX_UNSHARE, why, sizeof why) == 0) {
        mode = SANDBOX_UNSHARE;
    }
    jl_str(line, "mode", mode == SANDBOX_OFF ? "unavailable" : mode_name(mode));
    jl_str(line, "requested", mode_name(config.requested));
    if (mode == SANDBOX_OFF) {
        jl_str(line, "reason", config.requested == SANDBOX_BWRAP ? bwrap_why : why);
    } else {
        describe_limits(line);
    }
    if (config.bwrap_path[0] != '\0') {
        jl_str(line, "bwrap", config.bwrap_path);
    } else {
        jl_null(line, "bwrap");
    }
    if (mode == SANDBOX_UNSHARE && bwrap_why[0] != '\0') {
        jl_str(line, "bwrapFailure", bwrap_why);
    }
    jl_object_end(line);
}
