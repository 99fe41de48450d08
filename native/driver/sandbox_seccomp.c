/* The seccomp filter of a sandboxed driver (sandbox_internal.h): a short
 * deny list in classic BPF, installed after PR_SET_NO_NEW_PRIVS. Everything
 * the driver itself does (mmap, perf_event_open on itself, sched_setaffinity
 * on itself, /proc reads, dlopen, raise) stays allowed. Refused with EPERM:
 *
 *   new processes   fork, vfork, clone without CLONE_THREAD or with a
 *                   namespace flag (clone3 answers ENOSYS, so glibc falls
 *                   back to clone for threads, which pass)
 *   programs        execve, execveat
 *   sockets         socket (every family: no TCP/UDP, and no UNIX socket to
 *                   a daemon on the host), io_uring (it can open sockets)
 *   other processes kill/tgkill/tkill/rt_(tg)sigqueueinfo to anyone but this
 *                   process (kill(0) and kill(-1) included), ptrace,
 *                   process_vm_readv/writev, pidfd_*, and perf_event_open,
 *                   prlimit64, sched_set*, migrate_pages, move_pages on
 *                   another pid
 *   the sandbox     unshare, setns, mount and the new mount API, umount2,
 *                   pivot_root, chroot
 *   the machine     reboot, kexec, modules, swap, acct, bpf, keyrings,
 *                   iopl/ioperm, syslog, clock and time setting, host and
 *                   domain names, quotactl, open_by_handle_at, TIOCSTI and
 *                   TIOCLINUX ioctls (typing into a terminal)
 *
 * System calls of another architecture (int 0x80 on x86-64) and x32 calls
 * kill the process. */
#define _GNU_SOURCE
#include "sandbox_internal.h"

#include "args.h"
#include "commands.h"
#include "exit_codes.h"

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define SANDBOX_AUDIT_ARCH AUDIT_ARCH_X86_64
#define SANDBOX_ARCH_NAME "x86_64"
#elif defined(__aarch64__) && defined(__AARCH64EL__)
#define SANDBOX_AUDIT_ARCH AUDIT_ARCH_AARCH64
#define SANDBOX_ARCH_NAME "aarch64"
#endif

#ifndef SECCOMP_RET_KILL_PROCESS
#define SECCOMP_RET_KILL_PROCESS 0x80000000U
#endif

const char *sandbox_seccomp_arch(void)
{
#ifdef SANDBOX_AUDIT_ARCH
    return SANDBOX_ARCH_NAME;
#else
    return NULL;
#endif
}

#ifdef SANDBOX_AUDIT_ARCH

#define MAX_PROGRAM 512
#define NR_OFFSET ((unsigned)offsetof(struct seccomp_data, nr))
#define ARCH_OFFSET ((unsigned)offsetof(struct seccomp_data, arch))
/* Low 32 bits of argument i (little-endian): pids and ioctl numbers are ints. */
#define ARG_OFFSET(i) ((unsigned)offsetof(struct seccomp_data, args) + 8u * (unsigned)(i))
#define RET_DENY (SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))

typedef struct {
    struct sock_filter code[MAX_PROGRAM];
    unsigned short len;
    int overflow;
} program;

static void emit(program *p, unsigned short op, unsigned jt, unsigned jf, unsigned k)
{
    struct sock_filter insn;
    if (p->len >= MAX_PROGRAM) {
        p->overflow = 1;
        return;
    }
    insn.code = op;
    insn.jt = (unsigned char)jt;
    insn.jf = (unsigned char)jf;
    insn.k = k;
    p->code[p->len++] = insn;
}

/* if nr == `nr`: return `action`. */
static void refuse(program *p, long nr, unsigned action)
{
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, (unsigned)nr);
    emit(p, BPF_RET | BPF_K, 0, 0, action);
}

/* if nr == `nr`: allow when argument `arg` is `self` (or 0 when `zero_is_self`), else EPERM. */
static void only_self(program *p, long nr, int arg, unsigned self, int zero_is_self)
{
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, (unsigned)nr);
    emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_OFFSET(arg));
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, self);
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, zero_is_self ? 1 : 0, 0, 0);
    emit(p, BPF_RET | BPF_K, 0, 0, RET_DENY);
    emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
}

/* One system call of the filter: its name (without SYS_) and this architecture's number, taken
 * from the C library's <sys/syscall.h> for the target (checked against the kernel's own table by
 * native/test/seccomp-table.test.ts through `ngcc-perf-driver seccomp-table`). */
typedef struct {
    const char *name;
    long nr;
} sandbox_syscall;
#define S(name) {#name, SYS_##name}

static const sandbox_syscall denied[] = {
#ifdef SYS_fork
    S(fork),
#endif
#ifdef SYS_vfork
    S(vfork),
#endif
    S(execve), S(execveat), S(socket), S(ptrace), S(process_vm_readv), S(process_vm_writev),
#ifdef SYS_pidfd_open
    S(pidfd_open), S(pidfd_send_signal), S(pidfd_getfd),
#endif
#ifdef SYS_io_uring_setup
    S(io_uring_setup), S(io_uring_enter), S(io_uring_register),
#endif
    S(unshare), S(setns), S(mount), S(umount2), S(pivot_root), S(chroot),
#ifdef SYS_open_tree
    S(open_tree), S(move_mount), S(fsopen), S(fsconfig), S(fsmount), S(fspick),
#endif
#ifdef SYS_mount_setattr
    S(mount_setattr),
#endif
    S(reboot), S(kexec_load),
#ifdef SYS_kexec_file_load
    S(kexec_file_load),
#endif
    S(init_module), S(finit_module), S(delete_module), S(swapon), S(swapoff), S(acct), S(bpf),
    S(keyctl), S(add_key), S(request_key),
#ifdef SYS_iopl
    S(iopl), S(ioperm),
#endif
    S(syslog), S(settimeofday), S(clock_settime), S(clock_adjtime), S(adjtimex), S(sethostname),
    S(setdomainname), S(quotactl), S(open_by_handle_at), S(vhangup),
#ifdef SYS_uselib
    S(uselib),
#endif
    };
static const sandbox_syscall pid_first[] = {S(prlimit64), S(sched_setaffinity),
                                  S(sched_setscheduler), S(sched_setparam), S(sched_setattr),
                                  S(migrate_pages), S(move_pages)};
static const sandbox_syscall signal_first[] = {S(kill), S(tgkill), S(tkill), S(rt_sigqueueinfo), S(rt_tgsigqueueinfo)};

/* The calls build() tests with a rule of its own. */
static const sandbox_syscall clone_call = S(clone);
static const sandbox_syscall ioctl_call = S(ioctl);
static const sandbox_syscall perf_call = S(perf_event_open);
#ifdef SYS_clone3
static const sandbox_syscall clone3_call = S(clone3);
#endif

static void build(program *p, unsigned self)
{
    const unsigned namespaces = CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWNET | CLONE_NEWPID | CLONE_NEWIPC |
                                CLONE_NEWUTS | CLONE_NEWCGROUP;
    size_t i;
    p->len = 0;
    p->overflow = 0;
    emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARCH_OFFSET);
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, SANDBOX_AUDIT_ARCH);
    emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_KILL_PROCESS);
    emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, NR_OFFSET);
#if defined(__x86_64__)
    emit(p, BPF_JMP | BPF_JGE | BPF_K, 0, 1, 0x40000000u); /* __X32_SYSCALL_BIT */
    emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_KILL_PROCESS);
#endif
    for (i = 0; i < sizeof denied / sizeof denied[0]; i++) {
        refuse(p, denied[i].nr, RET_DENY);
    }
#ifdef SYS_clone3
    refuse(p, clone3_call.nr, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
#endif
    for (i = 0; i < sizeof pid_first / sizeof pid_first[0]; i++) {
        only_self(p, pid_first[i].nr, 0, self, 1);
    }
    only_self(p, perf_call.nr, 1, self, 1); /* (attr, pid, cpu, group_fd, flags) */
    for (i = 0; i < sizeof signal_first / sizeof signal_first[0]; i++) {
        only_self(p, signal_first[i].nr, 0, self, 0);
    }
    /* clone: a thread (CLONE_THREAD) without namespace flags, or nothing. */
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, (unsigned)clone_call.nr);
    emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_OFFSET(0));
    emit(p, BPF_JMP | BPF_JSET | BPF_K, 2, 0, namespaces);
    emit(p, BPF_JMP | BPF_JSET | BPF_K, 0, 1, CLONE_THREAD);
    emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
    emit(p, BPF_RET | BPF_K, 0, 0, RET_DENY);
    /* ioctl: not TIOCSTI or TIOCLINUX. */
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, (unsigned)ioctl_call.nr);
    emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_OFFSET(1));
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, (unsigned)TIOCSTI);
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, (unsigned)TIOCLINUX);
    emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
    emit(p, BPF_RET | BPF_K, 0, 0, RET_DENY);
    emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
}

int sandbox_lock_down(pid_t self, char *why, size_t why_bytes)
{
    static program p;
    struct sock_fprog fprog;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        snprintf(why, why_bytes, "prctl(PR_SET_NO_NEW_PRIVS) failed: %s", strerror(errno));
        return -1;
    }
    build(&p, (unsigned)self);
    if (p.overflow) {
        snprintf(why, why_bytes, "the seccomp filter does not fit in %d instructions", MAX_PROGRAM);
        return -1;
    }
    fprog.len = p.len;
    fprog.filter = p.code;
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog, 0, 0) != 0) {
        snprintf(why, why_bytes, "prctl(PR_SET_SECCOMP) failed: %s (a kernel without CONFIG_SECCOMP_FILTER?)",
                 strerror(errno));
        return -1;
    }
    return 0;
}

static void table_rows(json_line *j, const sandbox_syscall *calls, size_t count, const char *rule)
{
    size_t i;
    for (i = 0; i < count; i++) {
        jl_elem_object_begin(j);
        jl_str(j, "name", calls[i].name);
        jl_i64(j, "nr", calls[i].nr);
        jl_str(j, "rule", rule);
        jl_object_end(j);
    }
}

int cmd_seccomp_table(int argc, char **argv)
{
    json_line line = {0};
    int failed;
    (void)argv;
    if (argc != 0) {
        return usage_error("seccomp-table", "it takes no arguments");
    }
    jl_begin(&line, "seccomp-table");
    jl_str(&line, "arch", SANDBOX_ARCH_NAME);
    jl_array_begin(&line, "syscalls");
    table_rows(&line, denied, sizeof denied / sizeof denied[0], "deny");
    table_rows(&line, pid_first, sizeof pid_first / sizeof pid_first[0], "own-pid");
    table_rows(&line, &perf_call, 1, "own-pid");
    table_rows(&line, signal_first, sizeof signal_first / sizeof signal_first[0], "own-pid");
#ifdef SYS_clone3
    table_rows(&line, &clone3_call, 1, "enosys");
#endif
    table_rows(&line, &clone_call, 1, "threads-only");
    table_rows(&line, &ioctl_call, 1, "no-tty-injection");
    jl_array_end(&line);
    failed = jl_emit(&line);
    jl_free(&line);
    return failed == 0 ? DRV_EXIT_OK : DRV_EXIT_IO;
}

#else

int cmd_seccomp_table(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return usage_error("seccomp-table", "the seccomp filter supports x86_64 and little-endian aarch64 only");
}

int sandbox_lock_down(pid_t self, char *why, size_t why_bytes)
{
    (void)self;
    snprintf(why, why_bytes, "the seccomp filter supports x86_64 and little-endian aarch64 only");
    return -1;
}

#endif
