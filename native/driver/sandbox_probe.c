/* Trying the sandbox in a child process, for `info` (sandbox_internal.h). */
#define _GNU_SOURCE
#include "sandbox_internal.h"

#include "parent_death.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void fail_child(int fd, const char *why)
{
    ssize_t ignored = write(fd, why, strlen(why));
    (void)ignored;
    _exit(1);
}

int sandbox_probe(const sandbox_config *cfg, sandbox_mode mode, char *why, size_t why_bytes)
{
    int report[2];
    pid_t child;
    pid_t driver = getpid();
    int status;
    size_t used = 0;
    why[0] = '\0';
    if (pipe2(report, O_CLOEXEC) != 0) {
        snprintf(why, why_bytes, "pipe failed: %s", strerror(errno));
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    child = fork();
    if (child < 0) {
        snprintf(why, why_bytes, "fork failed: %s", strerror(errno));
        close(report[0]);
        close(report[1]);
        return -1;
    }
    if (child == 0) {
        char reason[512];
        int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
        parent_death_arm_child((int)driver);
        close(report[0]);
        /* Nothing may reach the caller's stdout; bwrap's complaints become the reason. */
        if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(null_fd, 1) < 0 || dup2(report[1], 2) < 0) {
            fail_child(report[1], "cannot redirect the probe's standard streams");
        }
        if (sandbox_prepare_scratch(reason, sizeof reason) != 0) {
            fail_child(report[1], reason);
        }
        if (mode == SANDBOX_BWRAP) {
            char *args[] = {"ngcc-perf-driver", "--version", NULL};
            sandbox_run_under_bwrap(cfg, 2, args, reason, sizeof reason);
            fail_child(report[1], reason);
        }
        if (sandbox_enter_namespaces(cfg, reason, sizeof reason) != 0 ||
            sandbox_apply_limits(cfg, 0, reason, sizeof reason) != 0 ||
            sandbox_lock_down(getpid(), reason, sizeof reason) != 0) {
            fail_child(report[1], reason);
        }
        _exit(0);
    }
    close(report[1]);
    for (;;) {
        ssize_t n = read(report[0], why + used, why_bytes - 1 - used);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0 || (used += (size_t)n) >= why_bytes - 1) {
            break;
        }
    }
    why[used] = '\0';
    close(report[0]);
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        why[0] = '\0';
        return 0;
    }
    /* One line: bwrap's own message may end in a newline. */
    while (used > 0 && (why[used - 1] == '\n' || why[used - 1] == ' ')) {
        why[--used] = '\0';
    }
    if (used == 0) {
        snprintf(why, why_bytes, "the probe process ended with status %d", status);
    }
    return -1;
}
