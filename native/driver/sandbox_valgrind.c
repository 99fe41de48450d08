/* Subcommands that run under valgrind inside the sandbox (PROTOCOL.md,
 * "ct-taint" and "count"). With NGCC_PERF_VALGRIND set to valgrind's path, the
 * driver itself starts valgrind, so that the library runs under the tool and
 * inside the sandbox at once: in bwrap mode valgrind goes into the bwrap
 * command line (bwrap runs valgrind, valgrind runs the inner driver); in
 * unshare and off mode the driver executes valgrind on itself before it
 * enters the sandbox. Each subcommand has its tool and options:
 *   - ct-taint: memcheck, its XML report on descriptor 3;
 *   - count: callgrind with collection off at start (the driver switches it
 *     on around each counted call), every dump part appended to descriptor
 *     INSTR_CALLGRIND_FD, a memory file the driver reads back itself.
 * For ct-taint the caller opens descriptor 3 and reads it. */
#define _GNU_SOURCE
#include "instruction_counter.h"
#include "sandbox_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const char *const MEMCHECK_OPTIONS[] = {
    "--tool=memcheck", "--xml=yes", "--xml-fd=3", "--error-limit=no", "--num-callers=12",
    "--child-silent-after-fork=yes", "--vgdb=no", "--leak-check=no", "--log-fd=2", "-q",
    "--sigill-diagnostics=yes", NULL,
};

static const char *const CALLGRIND_OPTIONS[] = {
    "--tool=callgrind", "--collect-atstart=no", "--combine-dumps=yes", INSTR_CALLGRIND_OUT_OPTION,
    "--compress-strings=no", "--compress-pos=no", "--child-silent-after-fork=yes", "--vgdb=no",
    "--log-fd=2", "-q", NULL,
};

#define MAX_OPTIONS 16

/* The tool options of `sub`, or NULL when it does not run under valgrind. */
static const char *const *tool_options(const char *sub)
{
    if (sub == NULL) {
        return NULL;
    }
    if (strcmp(sub, "ct-taint") == 0) {
        return MEMCHECK_OPTIONS;
    }
    if (strcmp(sub, "count") == 0) {
        return CALLGRIND_OPTIONS;
    }
    return NULL;
}

/* callgrind opens its output file when it starts: under `count` that is the
 * memory file at INSTR_CALLGRIND_FD, made here (inherited by bwrap, valgrind
 * and the driver under it). Returns 0, or -1 with the reason in `why`. */
static int prepare_tool_files(const char *sub, char *why, size_t why_bytes)
{
    int memfd;
    if (strcmp(sub, "count") != 0) {
        return 0;
    }
    memfd = memfd_create("ngcc-callgrind", 0);
    if (memfd < 0 || (memfd != INSTR_CALLGRIND_FD && dup2(memfd, INSTR_CALLGRIND_FD) < 0)) {
        snprintf(why, why_bytes, "no memory file for callgrind's dumps: %s", strerror(errno));
        return -1;
    }
    if (memfd != INSTR_CALLGRIND_FD) {
        close(memfd);
    }
    return 0;
}

static const char *wanted_valgrind(const char *sub)
{
    const char *path = getenv("NGCC_PERF_VALGRIND");
    if (tool_options(sub) == NULL || path == NULL || path[0] == '\0') {
        return NULL;
    }
    return path;
}

int sandbox_under_valgrind(void)
{
    const char *active = getenv(SANDBOX_VALGRIND_ACTIVE);
    return active != NULL && strcmp(active, "1") == 0;
}

int sandbox_valgrind_bwrap_args(const char *sub, const char **args, int n)
{
    const char *path = wanted_valgrind(sub);
    const char *const *options = tool_options(sub);
    char why[256];
    size_t i;
    if (path == NULL) {
        return n;
    }
    if (prepare_tool_files(sub, why, sizeof why) != 0) {
        fprintf(stderr, "ngcc-perf-driver: %s\n", why);
    }
    args[n++] = "--setenv";
    args[n++] = SANDBOX_VALGRIND_ACTIVE;
    args[n++] = "1";
    args[n++] = "--";
    args[n++] = path;
    for (i = 0; options[i] != NULL; i++) {
        args[n++] = options[i];
    }
    return n;
}

void sandbox_valgrind_reexec(const char *sub, char **argv, char *why, size_t why_bytes)
{
    const char *path = wanted_valgrind(sub);
    const char *const *options = tool_options(sub);
    const char *args[MAX_OPTIONS + 4096 / sizeof(char *)];
    char exe[4096];
    ssize_t exe_len;
    size_t n = 0;
    size_t i;
    why[0] = '\0';
    if (path == NULL || sandbox_under_valgrind()) {
        return;
    }
    exe_len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (exe_len <= 0) {
        snprintf(why, why_bytes, "readlink(/proc/self/exe) failed");
        return;
    }
    exe[exe_len] = '\0';
    if (prepare_tool_files(sub, why, why_bytes) != 0) {
        return;
    }
    args[n++] = path;
    for (i = 0; options[i] != NULL; i++) {
        args[n++] = options[i];
    }
    args[n++] = exe;
    for (i = 1; argv[i] != NULL && n + 1 < sizeof args / sizeof args[0]; i++) {
        args[n++] = argv[i];
    }
    args[n] = NULL;
    setenv(SANDBOX_VALGRIND_ACTIVE, "1", 1);
    execv(path, (char *const *)args);
    snprintf(why, why_bytes, "cannot run valgrind at %s (NGCC_PERF_VALGRIND)", path);
}
