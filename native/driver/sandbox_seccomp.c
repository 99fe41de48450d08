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

static void build(program *p, unsigned self)
{
    static const long denied[] = {
#ifdef SYS_fork
        SYS_fork,
#endif
#ifdef SYS_vfork
        SYS_vfork,
#endif
        SYS_execve, SYS_execveat, SYS_socket, SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev,
#ifdef SYS_pidfd_open
        SYS_pidfd_open, SYS_pidfd_send_signal, SYS_pidfd_getfd,
#endif
#ifdef SYS_io_uring_setup
        SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register,
#endif
        SYS_unshare, SYS_setns, SYS_mount, SYS_umount2, SYS_pivot_root, SYS_chroot,
#ifdef SYS_open_tree
        SYS_open_tree, SYS_move_mount, SYS_fsopen, SYS_fsconfig, SYS_fsmount, SYS_fspick,
#endif
#ifdef SYS_mount_setattr
        SYS_mount_setattr,
#endif
        SYS_reboot, SYS_kexec_load,
#ifdef SYS_kexec_file_load
        SYS_kexec_file_load,
#endif
        SYS_init_module, SYS_finit_module, SYS_delete_module, SYS_swapon, SYS_swapoff, SYS_acct, SYS_bpf,
        SYS_keyctl, SYS_add_key, SYS_request_key,
#ifdef SYS_iopl
        SYS_iopl, SYS_ioperm,
#endif
        SYS_syslog, SYS_settimeofday, SYS_clock_settime, SYS_clock_adjtime, SYS_adjtimex, SYS_sethostname,
        SYS_setdomainname, SYS_quotactl, SYS_open_by_handle_at, SYS_vhangup,
#ifdef SYS_uselib
        SYS_uselib,
#endif
    };
    static const long pid_first[] = {SYS_prlimit64, SYS_sched_setaffinity,
                                      SYS_sched_setscheduler, SYS_sched_setparam, SYS_sched_setattr,
                                      SYS_migrate_pages, SYS_move_pages};
    static const long signal_first[] = {SYS_kill, SYS_tgkill, SYS_tkill, SYS_rt_sigqueueinfo, SYS_rt_tgsigqueueinfo};
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
        refuse(p, denied[i], RET_DENY);
    }
#ifdef SYS_clone3
    refuse(p, SYS_clone3, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
#endif
    for (i = 0; i < sizeof pid_first / sizeof pid_first[0]; i++) {
        only_self(p, pid_first[i], 0, self, 1);
    }
    only_self(p, SYS_perf_event_open, 1, self, 1); /* (attr, pid, cpu, group_fd, flags) */
    for (i = 0; i < sizeof signal_first / sizeof signal_first[0]; i++) {
        only_self(p, signal_first[i], 0, self, 0);
    }
    /* clone: a thread (CLONE_THREAD) without namespace flags, or nothing. */
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, (unsigned)SYS_clone);
    emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_OFFSET(0));
    emit(p, BPF_JMP | BPF_JSET | BPF_K, 2, 0, namespaces);
    emit(p, BPF_JMP | BPF_JSET | BPF_K, 0, 1, CLONE_THREAD);
    emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
    emit(p, BPF_RET | BPF_K, 0, 0, RET_DENY);
    /* ioctl: not TIOCSTI or TIOCLINUX. */
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, (unsigned)SYS_ioctl);
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

#else

int sandbox_lock_down(pid_t self, char *why, size_t why_bytes)
{
    (void)self;
    snprintf(why, why_bytes, "the seccomp filter supports x86_64 and little-endian aarch64 only");
    return -1;
}

#endif
