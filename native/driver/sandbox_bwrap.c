/* The bwrap path of the sandbox (sandbox_internal.h).
 *
 * The driver (the "monitor") forks and executes
 *   bwrap --unshare-net --unshare-ipc --ro-bind / / --dev /dev
 *         --bind-try /proc/self/clear_refs /proc/self/clear_refs
 *         --size N --tmpfs SCRATCH --setenv TMPDIR SCRATCH --cap-drop ALL [--cap-add CAP_PERFMON]
 *         --die-with-parent --new-session --info-fd I -- DRIVER --sandbox-inner=S ARGS...
 * and waits. The copy inside (the "inner" driver) writes on the status pipe S:
 *   'S'        when it starts;
 *   'X'        when it exits through exit() (an atexit handler);
 *   'K' <sig>  (two bytes) right before it dies of signal sig: from the crash
 *              guard, kat's termination handler, and a handler the inner
 *              driver installs at start for every other catchable signal
 *              whose default action ends the process.
 * bwrap itself turns death by signal N into exit code 128+N (so does its
 * --json-status-fd in 0.8.0: {"exit-code": 139} either way). The monitor
 * dies of signal N only when the last mark is 'K' N, or, without an 'X', when
 * the code is 128+SIGKILL or 128+SIGSYS (seccomp's kill), which no handler
 * can mark; any other code, 128+N included, is an exit code (a library that
 * called _exit(139) exits 139). So the caller sees what it would have seen
 * without the sandbox, except for the cases PROTOCOL.md ("Sandbox") lists.
 * SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 sent to the monitor
 * go to the inner driver (its pid comes from bwrap's --info-fd); if the
 * monitor is killed, bwrap and the inner driver follow (PR_SET_PDEATHSIG,
 * --die-with-parent). Without 'S' bwrap failed to set up
 * (no user namespaces, say): the function returns and the caller falls back. */
#define _GNU_SOURCE
#include "sandbox_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t forward_to = 0;
static volatile int inner_status_fd = -1;
static const int forwarded[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};

static void forward_signal(int sig)
{
    int saved = errno;
    if (forward_to > 0) {
        kill((pid_t)forward_to, sig);
    }
    errno = saved;
}

static void note_exit(void)
{
    if (inner_status_fd >= 0) {
        ssize_t ignored = write(inner_status_fd, "X", 1);
        (void)ignored;
    }
}

void sandbox_note_signal_death(int sig)
{
    int saved = errno;
    int fd = inner_status_fd;
    if (fd >= 0 && sig > 0 && sig < 256) {
        /* Two bytes, far below PIPE_BUF: one atomic write. */
        char mark[2];
        ssize_t ignored;
        mark[0] = 'K';
        mark[1] = (char)sig;
        ignored = write(fd, mark, sizeof mark);
        (void)ignored;
    }
    errno = saved;
}

/* The inner driver's last word for a signal nothing else in it handles. */
static void on_ending_signal(int sig)
{
    sandbox_note_signal_death(sig);
    /* SA_RESETHAND restored the default action; SA_NODEFER lets it fire now. */
    raise(sig);
}

/* 1 for a signal whose default action ends the process (and that a handler may catch). */
static int ends_process(int sig)
{
    switch (sig) {
    case SIGKILL: case SIGSTOP: case SIGCHLD: case SIGCONT: case SIGTSTP: case SIGTTIN:
    case SIGTTOU: case SIGURG: case SIGWINCH:
        return 0;
    default:
        return 1;
    }
}

/* Marks death by every catchable process-ending signal whose disposition is
 * still the default; later handlers (crash guard, kat) replace some of these
 * and mark through sandbox_note_signal_death() themselves. */
static void mark_ending_signals(void)
{
    int sig;
    for (sig = 1; sig < NSIG; sig++) {
        struct sigaction old;
        struct sigaction action;
        if (!ends_process(sig) || sigaction(sig, NULL, &old) != 0 || old.sa_handler != SIG_DFL ||
            (old.sa_flags & SA_SIGINFO) != 0) {
            continue;
        }
        memset(&action, 0, sizeof action);
        action.sa_handler = on_ending_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
        sigaction(sig, &action, NULL); /* glibc's own signals (32, 33) refuse: fine */
    }
}

void sandbox_inner_started(int status_fd)
{
    ssize_t ignored = write(status_fd, "S", 1);
    (void)ignored;
    fcntl(status_fd, F_SETFD, FD_CLOEXEC);
    inner_status_fd = status_fd;
    atexit(note_exit);
    mark_ending_signals();
}

/* How the inner driver said it ended, from everything on the status pipe. */
typedef struct {
    int started;     /* 'S' seen */
    int exited;      /* the last mark was 'X' */
    int signal;      /* the last mark was 'K' with this signal, else 0 */
} inner_marks;

static void read_marks(int fd, inner_marks *m)
{
    unsigned char text[256];
    int pending_k = 0;
    memset(m, 0, sizeof *m);
    fcntl(fd, F_SETFL, O_NONBLOCK);
    for (;;) {
        ssize_t n = read(fd, text, sizeof text);
        ssize_t i;
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return;
        }
        for (i = 0; i < n; i++) {
            if (pending_k) {
                pending_k = 0;
                m->signal = text[i];
                m->exited = 0;
            } else if (text[i] == 'S') {
                m->started = 1;
            } else if (text[i] == 'X') {
                m->exited = 1;
                m->signal = 0;
            } else if (text[i] == 'K') {
                pending_k = 1;
            }
        }
    }
}

/* The pid after "child-pid": in bwrap's --info-fd JSON, or 0. Stops reading
 * as soon as the number is complete (the fd may stay open). */
static pid_t read_child_pid(int fd)
{
    char text[1024];
    size_t used = 0;
    while (used < sizeof text - 1) {
        ssize_t n = read(fd, text + used, sizeof text - 1 - used);
        const char *p;
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return 0;
        }
        used += (size_t)n;
        text[used] = '\0';
        p = strstr(text, "\"child-pid\"");
        if (p != NULL && (p = strchr(p, ':')) != NULL) {
            long pid = 0;
            p++;
            while (*p == ' ') {
                p++;
            }
            while (*p >= '0' && *p <= '9') {
                pid = pid * 10 + (*p++ - '0');
            }
            if (*p != '\0' && pid > 0) {
                return (pid_t)pid;
            }
        }
    }
    return 0;
}

/* Ends this process by signal `sig` (no core file), or with `code` if the
 * signal's default action would not end it. */
static void die_like(int sig, int code)
{
    struct rlimit no_core = {0, 0};
    sigset_t set;
    setrlimit(RLIMIT_CORE, &no_core);
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    if (sig != SIGCHLD && sig != SIGCONT && sig != SIGSTOP && sig != SIGTSTP && sig != SIGTTIN && sig != SIGTTOU &&
        sig != SIGURG && sig != SIGWINCH) {
        signal(sig, SIG_DFL);
        sigemptyset(&set);
        sigaddset(&set, sig);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(sig);
    }
    _exit(code);
}

static void exec_bwrap(const sandbox_config *cfg, const char **args, pid_t monitor, int status_w, int info_w)
{
    sigset_t none;
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (getppid() != monitor) {
        _exit(127);
    }
    fcntl(status_w, F_SETFD, 0);
    fcntl(info_w, F_SETFD, 0);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execv(cfg->bwrap_path, (char *const *)args);
    fprintf(stderr, "ngcc-perf-driver: cannot execute %s: %s\n", cfg->bwrap_path, strerror(errno));
    _exit(127);
}

void sandbox_run_under_bwrap(const sandbox_config *cfg, int argc, char **argv, char *why, size_t why_bytes)
{
    char exe[4096];
    char inner_option[48];
    char info_fd_text[16];
    char size_text[24];
    int status_pipe[2];
    int info_pipe[2];
    const char **args;
    ssize_t exe_len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    pid_t monitor = getpid();
    pid_t child;
    int wait_status;
    int n = 0;
    int i;
    inner_marks marks;
    if (exe_len <= 0) {
        snprintf(why, why_bytes, "readlink(/proc/self/exe) failed: %s", strerror(errno));
        return;
    }
    exe[exe_len] = '\0';
    args = calloc((size_t)argc + 40, sizeof *args);
    if (args == NULL || pipe2(status_pipe, O_CLOEXEC) != 0) {
        snprintf(why, why_bytes, "no memory or pipe for the monitor: %s", strerror(errno));
        free(args);
        return;
    }
    if (pipe2(info_pipe, O_CLOEXEC) != 0) {
        snprintf(why, why_bytes, "pipe for bwrap --info-fd failed: %s", strerror(errno));
        close(status_pipe[0]);
        close(status_pipe[1]);
        free(args);
        return;
    }
    snprintf(inner_option, sizeof inner_option, "%s%d", SANDBOX_INNER_OPTION, status_pipe[1]);
    snprintf(info_fd_text, sizeof info_fd_text, "%d", info_pipe[1]);
    snprintf(size_text, sizeof size_text, "%llu", (unsigned long long)cfg->scratch_bytes);
    args[n++] = cfg->bwrap_path;
    args[n++] = "--unshare-net";
    args[n++] = "--unshare-ipc";
    args[n++] = "--ro-bind";
    args[n++] = "/";
    args[n++] = "/";
    args[n++] = "--dev";
    args[n++] = "/dev";
    args[n++] = "--bind-try";
    args[n++] = "/proc/self/clear_refs";
    args[n++] = "/proc/self/clear_refs";
    args[n++] = "--size";
    args[n++] = size_text;
    args[n++] = "--tmpfs";
    args[n++] = SANDBOX_SCRATCH_DIR;
    args[n++] = "--setenv";
    args[n++] = "TMPDIR";
    args[n++] = SANDBOX_SCRATCH_DIR;
    args[n++] = "--cap-drop";
    args[n++] = "ALL";
    if (geteuid() == 0 && sandbox_has_capability(38 /* CAP_PERFMON */)) {
        args[n++] = "--cap-add";
        args[n++] = "CAP_PERFMON";
    }
    args[n++] = "--die-with-parent";
    args[n++] = "--new-session";
    args[n++] = "--info-fd";
    args[n++] = info_fd_text;
    i = n;
    n = sandbox_valgrind_bwrap_args(argc > 1 ? argv[1] : NULL, args, n);
    if (n == i) {
        args[n++] = "--";
    }
    args[n++] = exe;
    args[n++] = inner_option;
    for (i = 1; i < argc; i++) {
        args[n++] = argv[i];
    }
    args[n] = NULL;
    fflush(stderr);
    child = fork();
    if (child < 0) {
        snprintf(why, why_bytes, "fork for bwrap failed: %s", strerror(errno));
        free(args);
        return;
    }
    if (child == 0) {
        exec_bwrap(cfg, args, monitor, status_pipe[1], info_pipe[1]);
    }
    free(args);
    close(status_pipe[1]);
    close(info_pipe[1]);
    forward_to = child;
    for (i = 0; i < (int)(sizeof forwarded / sizeof forwarded[0]); i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = forward_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(forwarded[i], &action, NULL);
    }
    {
        pid_t inner = read_child_pid(info_pipe[0]);
        if (inner > 0) {
            forward_to = inner;
        }
    }
    /* The read end stays open until bwrap is gone: bwrap may still be writing
     * the rest of its --info-fd JSON, and a closed pipe would kill it (SIGPIPE)
     * in the middle of setting up. */
    while (waitpid(child, &wait_status, 0) < 0) {
        if (errno != EINTR) {
            snprintf(why, why_bytes, "waiting for bwrap failed: %s", strerror(errno));
            close(info_pipe[0]);
            return;
        }
    }
    close(info_pipe[0]);
    forward_to = 0;
    /* bwrap's own processes are in their own process group (the sandboxed
     * driver leaves it with --new-session): one that bwrap left behind in the
     * middle of its set-up would hold the caller's stdout open forever. */
    kill(-child, SIGKILL);
    read_marks(status_pipe[0], &marks);
    close(status_pipe[0]);
    if (WIFSIGNALED(wait_status)) {
        die_like(WTERMSIG(wait_status), 128 + WTERMSIG(wait_status));
    }
    if (!marks.started) {
        for (i = 0; i < (int)(sizeof forwarded / sizeof forwarded[0]); i++) {
            signal(forwarded[i], SIG_DFL);
        }
        snprintf(why, why_bytes, "%s exited with code %d before the driver started in it",
                 cfg->bwrap_path, WEXITSTATUS(wait_status));
        return;
    }
    {
        int code = WEXITSTATUS(wait_status);
        /* 128 + N is death by signal N only when the inner driver said so, or
         * for SIGKILL and SIGSYS, which no handler sees: SIGKILL cannot be
         * caught, and the seccomp filter's SECCOMP_RET_KILL_PROCESS ends the
         * process as by SIGSYS without running one. */
        if ((marks.signal != 0 && code == 128 + marks.signal) ||
            (!marks.exited && (code == 128 + SIGKILL || code == 128 + SIGSYS))) {
            die_like(code - 128, code);
        }
        _exit(code);
    }
}
