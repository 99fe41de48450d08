/* The unshare path of the sandbox (sandbox_internal.h): namespaces and
 * mounts made by the driver itself, in its own process (same pid, so signals
 * and exit statuses reach the caller unchanged). */
#define _GNU_SOURCE
#include "sandbox_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE 0x8000
#endif
#define ATTR_RDONLY 0x00000001u
#define ATTR_NOSUID 0x00000002u
#define ATTR_NODEV 0x00000004u

/* struct mount_attr of <linux/mount.h> (Linux 5.12). */
typedef struct {
    uint64_t attr_set;
    uint64_t attr_clr;
    uint64_t propagation;
    uint64_t userns_fd;
} mount_attributes;

/* Device nodes a library may use (bind-mounted over themselves, then left
 * without nodev); every other device node is unusable (nodev). */
static const char *const usable_devices[] = {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"};
#define CLEAR_REFS "/proc/self/clear_refs"

int sandbox_prepare_scratch(char *why, size_t why_bytes)
{
    struct stat st;
    if (mkdir(SANDBOX_SCRATCH_DIR, 0755) != 0 && errno != EEXIST) {
        snprintf(why, why_bytes, "cannot create the scratch mount point %s: %s", SANDBOX_SCRATCH_DIR, strerror(errno));
        return -1;
    }
    if (lstat(SANDBOX_SCRATCH_DIR, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(why, why_bytes, "%s is not a directory (a symbolic link?); remove it", SANDBOX_SCRATCH_DIR);
        return -1;
    }
    return 0;
}

static int write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    ssize_t n;
    if (fd < 0) {
        return -1;
    }
    n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* New namespaces; a user namespace (mapping only our own uid and gid) when
 * the process may not make the others directly. *in_userns tells which. */
static int unshare_namespaces(int *in_userns, char *why, size_t why_bytes)
{
    const int others = CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC;
    char map[64];
    uid_t uid = geteuid();
    gid_t gid = getegid();
    *in_userns = 0;
    if (unshare(others) == 0) {
        return 0;
    }
    if (errno != EPERM) {
        snprintf(why, why_bytes, "unshare(mount, network, IPC namespaces) failed: %s", strerror(errno));
        return -1;
    }
    if (unshare(CLONE_NEWUSER | others) != 0) {
        snprintf(why, why_bytes, "unshare(user, mount, network, IPC namespaces) failed: %s (unprivileged user "
                 "namespaces disabled?)", strerror(errno));
        return -1;
    }
    *in_userns = 1;
    if (write_file("/proc/self/setgroups", "deny") != 0 && errno != ENOENT) {
        snprintf(why, why_bytes, "writing /proc/self/setgroups failed: %s", strerror(errno));
        return -1;
    }
    snprintf(map, sizeof map, "%lu %lu 1\n", (unsigned long)uid, (unsigned long)uid);
    if (write_file("/proc/self/uid_map", map) != 0) {
        snprintf(why, why_bytes, "writing /proc/self/uid_map failed: %s", strerror(errno));
        return -1;
    }
    snprintf(map, sizeof map, "%lu %lu 1\n", (unsigned long)gid, (unsigned long)gid);
    if (write_file("/proc/self/gid_map", map) != 0) {
        snprintf(why, why_bytes, "writing /proc/self/gid_map failed: %s", strerror(errno));
        return -1;
    }
    return 0;
}

static int set_attributes(const char *path, unsigned flags, uint64_t set, uint64_t clear)
{
    mount_attributes attr;
    memset(&attr, 0, sizeof attr);
    attr.attr_set = set;
    attr.attr_clr = clear;
    return (int)syscall(SYS_mount_setattr, AT_FDCWD, path, flags, &attr, sizeof attr);
}

/* Remount flags that a remount must keep (a user namespace may not clear them). */
static unsigned long kept_flags(const char *path)
{
    struct statvfs st;
    unsigned long flags = 0;
    if (statvfs(path, &st) != 0) {
        return 0;
    }
    if (st.f_flag & ST_NOEXEC) flags |= MS_NOEXEC;
    if (st.f_flag & ST_NOATIME) flags |= MS_NOATIME;
    if (st.f_flag & ST_NODIRATIME) flags |= MS_NODIRATIME;
    if (st.f_flag & ST_RELATIME) flags |= MS_RELATIME;
    return flags;
}

/* Decodes the octal escapes (\040 for a space) of a mountinfo path in place. */
static void unescape(char *path)
{
    char *in = path;
    char *out = path;
    while (*in != '\0') {
        if (in[0] == '\\' && in[1] >= '0' && in[1] <= '7' && in[2] >= '0' && in[2] <= '7' && in[3] >= '0' && in[3] <= '7') {
            *out++ = (char)(((in[1] - '0') << 6) | ((in[2] - '0') << 3) | (in[3] - '0'));
            in += 4;
        } else {
            *out++ = *in++;
        }
    }
    *out = '\0';
}

/* Before Linux 5.12 (no mount_setattr): remount every mount read-only,
 * nosuid, nodev, one by one, from /proc/self/mountinfo. */
static int remount_all_read_only(char *why, size_t why_bytes)
{
    FILE *f = fopen("/proc/self/mountinfo", "re");
    char line[8192];
    if (f == NULL) {
        snprintf(why, why_bytes, "cannot read /proc/self/mountinfo: %s", strerror(errno));
        return -1;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *field = strtok(line, " ");
        int i;
        for (i = 0; i < 4 && field != NULL; i++) {
            field = strtok(NULL, " ");
        }
        if (field == NULL) {
            continue;
        }
        unescape(field);
        if (mount(NULL, field, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | kept_flags(field), NULL) != 0 &&
            errno != ENOENT && errno != EACCES) {
            snprintf(why, why_bytes, "remounting %s read-only failed: %s", field, strerror(errno));
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return 0;
}

static int make_writable(const char *path, uint64_t clear, char *why, size_t why_bytes)
{
    unsigned long flags = MS_REMOUNT | MS_BIND | MS_NOSUID | kept_flags(path);
    if (set_attributes(path, 0, 0, clear) == 0) {
        return 0;
    }
    if (errno == ENOSYS) {
        if (!(clear & ATTR_NODEV)) {
            flags |= MS_NODEV;
        }
        if (!(clear & ATTR_RDONLY)) {
            flags |= MS_RDONLY;
        }
        if (mount(NULL, path, NULL, flags, NULL) == 0) {
            return 0;
        }
    }
    snprintf(why, why_bytes, "making %s usable again failed: %s", path, strerror(errno));
    return -1;
}

int sandbox_enter_namespaces(const sandbox_config *cfg, char *why, size_t why_bytes)
{
    char options[128];
    int in_userns;
    int have_clear_refs;
    size_t i;
    int usable[sizeof usable_devices / sizeof usable_devices[0]];
    if (unshare_namespaces(&in_userns, why, why_bytes) != 0) {
        return -1;
    }
    /* Nothing done below may reach the host's mount table. */
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
        snprintf(why, why_bytes, "making the mounts private failed: %s", strerror(errno));
        return -1;
    }
    snprintf(options, sizeof options, "size=%llu,mode=0700", (unsigned long long)cfg->scratch_bytes);
    if (mount("ngcc-perf-scratch", SANDBOX_SCRATCH_DIR, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0) {
        snprintf(why, why_bytes, "mounting a tmpfs on %s failed: %s", SANDBOX_SCRATCH_DIR, strerror(errno));
        return -1;
    }
    /* `memory` resets the peak RSS through this file: the one writable /proc entry. */
    have_clear_refs = mount(CLEAR_REFS, CLEAR_REFS, NULL, MS_BIND, NULL) == 0;
    for (i = 0; i < sizeof usable_devices / sizeof usable_devices[0]; i++) {
        usable[i] = mount(usable_devices[i], usable_devices[i], NULL, MS_BIND, NULL) == 0;
    }
    if (set_attributes("/", AT_RECURSIVE, ATTR_RDONLY | ATTR_NOSUID | ATTR_NODEV, 0) != 0) {
        if (errno != ENOSYS) {
            snprintf(why, why_bytes, "making / read-only failed: %s", strerror(errno));
            return -1;
        }
        if (remount_all_read_only(why, why_bytes) != 0) {
            return -1;
        }
    }
    if (make_writable(SANDBOX_SCRATCH_DIR, ATTR_RDONLY, why, why_bytes) != 0 ||
        (have_clear_refs && make_writable(CLEAR_REFS, ATTR_RDONLY, why, why_bytes) != 0)) {
        return -1;
    }
    for (i = 0; i < sizeof usable_devices / sizeof usable_devices[0]; i++) {
        if (usable[i] && make_writable(usable_devices[i], ATTR_NODEV, why, why_bytes) != 0) {
            return -1;
        }
    }
    if (setenv("TMPDIR", SANDBOX_SCRATCH_DIR, 1) != 0) {
        snprintf(why, why_bytes, "setting TMPDIR failed: %s", strerror(errno));
        return -1;
    }
    return sandbox_drop_capabilities(!in_userns, why, why_bytes);
}
