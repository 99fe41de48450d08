/* `ct-taint` under valgrind memcheck inside the sandbox (PROTOCOL.md,
 * "ct-taint"). With NGCC_PERF_VALGRIND set to valgrind's path, the driver
 * itself starts valgrind, so that the library runs under memcheck and inside
 * the sandbox at once: in bwrap mode valgrind goes into the bwrap command line
 * (bwrap runs valgrind, valgrind runs the inner driver); in unshare and off
 * mode the driver executes valgrind on itself before it enters the sandbox.
 * Valgrind writes its XML report to descriptor 3, which the caller opens. */
#define _GNU_SOURCE
#include "sandbox_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const VALGRIND_OPTIONS[] = {
    "--tool=memcheck", "--xml=yes", "--xml-fd=3", "--error-limit=no", "--num-callers=12",
    "--child-silent-after-fork=yes", "--vgdb=no", "--leak-check=no", "--log-fd=2", "-q",
    "--sigill-diagnostics=yes",
};

#define OPTION_COUNT (sizeof VALGRIND_OPTIONS / sizeof VALGRIND_OPTIONS[0])

static const char *wanted_valgrind(const char *sub)
{
    const char *path = getenv("NGCC_PERF_VALGRIND");
    if (sub == NULL || strcmp(sub, "ct-taint") != 0 || path == NULL || path[0] == '\0') {
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
    size_t i;
    if (path == NULL) {
        return n;
    }
    args[n++] = "--setenv";
    args[n++] = SANDBOX_VALGRIND_ACTIVE;
    args[n++] = "1";
    args[n++] = "--";
    args[n++] = path;
    for (i = 0; i < OPTION_COUNT; i++) {
        args[n++] = VALGRIND_OPTIONS[i];
    }
    return n;
}

void sandbox_valgrind_reexec(const char *sub, char **argv, char *why, size_t why_bytes)
{
    const char *path = wanted_valgrind(sub);
    const char *args[OPTION_COUNT + 4096 / sizeof(char *)];
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
    args[n++] = path;
    for (i = 0; i < OPTION_COUNT; i++) {
        args[n++] = VALGRIND_OPTIONS[i];
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
