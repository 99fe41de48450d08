/* Fixing the address-space layout on request (address_layout.h). */
#define _GNU_SOURCE
#include "address_layout.h"

#include "exit_codes.h"
#include "json_line.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

#define PERSONALITY_QUERY 0xffffffffUL
#define REEXEC_MARK "NGCC_PERF_FIXED_LAYOUT_EXEC"

/* Runs before stdout is set up (and before the sandbox, whose filter refuses execve): stderr only. */
static int layout_error(const char *what)
{
    fprintf(stderr, "ngcc-perf-driver: time --fixed-layout: %s failed (%s)\n", what, strerror(errno));
    return DRV_EXIT_IO;
}

/* The kernel cleared the flag again: a USAGE error line on stdout (the protocol's answer, so the
 * caller records USAGE, not a crash) and the sentence on stderr. The inner driver under bwrap first
 * marks itself started on its status pipe (STATUS_FD, the digits of --sandbox-inner=), so the outer
 * driver passes exit 2 through instead of reporting that bwrap failed. */
static int layout_refused(const char *status_fd)
{
    static const char sentence[] =
        "time --fixed-layout: the kernel cleared ADDR_NO_RANDOMIZE when this process was started (an exec "
        "that gains privileges, e.g. bwrap starting the driver as root). Run it without bwrap "
        "(NGCC_PERF_SANDBOX=unshare) or drop --fixed-layout";
    if (status_fd != NULL) {
        ssize_t ignored = write(atoi(status_fd), "S", 1);
        (void)ignored;
    }
    printf("{\"v\":%d,\"type\":\"error\",\"code\":\"USAGE\",\"subcommand\":\"time\",\"message\":\"%s\"}\n",
           PROTOCOL_VERSION, sentence);
    fflush(stdout);
    fprintf(stderr, "ngcc-perf-driver: %s\n", sentence);
    return DRV_EXIT_USAGE;
}

int address_layout_fix_if_asked(int argc, char **argv)
{
    int i;
    int current;
    int sub;
    const char *mark;
    /* `time` is argv[1], or argv[2] in the inner driver under bwrap (after "--sandbox-inner=FD"):
     * bwrap's exec clears ADDR_NO_RANDOMIZE (a privilege change), so the inner driver sets it again. */
    sub = argc >= 2 && strncmp(argv[1], "--sandbox-inner=", 16) == 0 ? 2 : 1;
    if (argc <= sub || strcmp(argv[sub], "time") != 0) {
        return DRV_EXIT_OK;
    }
    for (i = sub + 1; i < argc && strcmp(argv[i], "--fixed-layout") != 0; i++) {
    }
    if (i == argc) {
        return DRV_EXIT_OK;
    }
    current = personality(PERSONALITY_QUERY);
    if (current == -1) {
        return layout_error("reading the personality");
    }
    if ((current & ADDR_NO_RANDOMIZE) != 0) {
        return DRV_EXIT_OK;
    }
    /* Once per driver (the outer one, and the inner one under bwrap): an exec that gains
     * privileges clears the flag again, and the driver then refuses instead of looping. */
    mark = getenv(REEXEC_MARK);
    if (mark != NULL && strcmp(mark, sub == 1 ? "outer" : "inner") == 0) {
        return layout_refused(sub == 2 ? argv[1] + strlen("--sandbox-inner=") : NULL);
    }
    if (setenv(REEXEC_MARK, sub == 1 ? "outer" : "inner", 1) != 0) {
        return layout_error("setting " REEXEC_MARK);
    }
    if (personality((unsigned long)current | ADDR_NO_RANDOMIZE) == -1) {
        return layout_error("setting ADDR_NO_RANDOMIZE");
    }
    execv("/proc/self/exe", argv);
    return layout_error("re-executing /proc/self/exe");
}

const char *address_layout_name(void)
{
    int current = personality(PERSONALITY_QUERY);
    FILE *f;
    int c = EOF;
    if (current != -1 && (current & ADDR_NO_RANDOMIZE) != 0) {
        return "fixed";
    }
    f = fopen("/proc/sys/kernel/randomize_va_space", "r");
    if (f != NULL) {
        c = fgetc(f);
        fclose(f);
    }
    return c == '0' ? "fixed" : "randomized";
}
