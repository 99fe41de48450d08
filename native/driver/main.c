/* ngcc-perf-driver: runs CryptHash from a shared library and speaks JSON
 * Lines on stdout (PROTOCOL.md). This file only dispatches subcommands. */
#define _POSIX_C_SOURCE 200809L
#include "address_layout.h"
#include "args.h"
#include "commands.h"
#include "exit_codes.h"
#include "library_output.h"
#include "out.h"
#include "parent_death.h"
#include "report.h"
#include "sandbox.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *sub;
    int code;
    /* Every driver process dies with its parent (PROTOCOL.md, "Lifetime"): a killed caller leaves
     * no driver spinning on the CPU the next run measures on. */
    parent_death_arm();
    /* `time --fixed-layout` re-executes itself once with ADDR_NO_RANDOMIZE, before the
     * sandbox (whose filter refuses execve). */
    if ((code = address_layout_fix_if_asked(argc, argv)) != DRV_EXIT_OK) {
        return code;
    }
    /* Candidate code runs only inside the sandbox (sandbox.h); in bwrap mode this
     * process becomes the monitor and does not come back. */
    if ((code = sandbox_enter(&argc, argv)) != DRV_EXIT_OK) {
        return code;
    }
    if (out_init() != 0) {
        fprintf(stderr, "ngcc-perf-driver: cannot set up stdout (%s); run it with stdout open\n",
                strerror(errno));
        return DRV_EXIT_IO;
    }
    /* What the library prints is bounded: a few KiB of its tail reach stderr (library_output.h). */
    library_output_capture();
    /* A closed stdout pipe becomes a write error (exit 8), not a signal that
     * would look like a crash of the library. */
    signal(SIGPIPE, SIG_IGN);
    if (argc < 2) {
        return usage_error(NULL, "a subcommand is missing (info, hash, time or memory)");
    }
    sub = argv[1];
    if (strcmp(sub, "info") == 0) {
        code = cmd_info(argc - 2, argv + 2);
    } else if (strcmp(sub, "hash") == 0) {
        code = cmd_hash(argc - 2, argv + 2);
    } else if (strcmp(sub, "time") == 0) {
        code = cmd_time(argc - 2, argv + 2);
    } else if (strcmp(sub, "memory") == 0) {
        code = cmd_memory(argc - 2, argv + 2);
    } else if (strcmp(sub, "kat") == 0) {
        code = cmd_kat(argc - 2, argv + 2);
    } else if (strcmp(sub, "pk-kat") == 0) {
        code = cmd_pk_kat(argc - 2, argv + 2);
    } else if (strcmp(sub, "ct-taint") == 0) {
        code = cmd_ct_taint(argc - 2, argv + 2);
    } else if (strcmp(sub, "ct-time") == 0) {
        code = cmd_ct_time(argc - 2, argv + 2);
    } else if (strcmp(sub, "ct-div") == 0) {
        code = cmd_ct_div(argc - 2, argv + 2);
    } else if (strcmp(sub, "count") == 0) {
        code = cmd_count(argc - 2, argv + 2);
    } else if (strcmp(sub, "categories") == 0) {
        code = cmd_categories(argc - 2, argv + 2);
    } else if (strcmp(sub, "op-time") == 0) {
        code = cmd_op_time(argc - 2, argv + 2);
    } else if (strcmp(sub, "op-kat") == 0) {
        code = cmd_op_kat(argc - 2, argv + 2);
    } else if (strcmp(sub, "op-memory") == 0) {
        code = cmd_op_memory(argc - 2, argv + 2);
    } else if (strcmp(sub, "op-profile") == 0) {
        code = cmd_op_profile(argc - 2, argv + 2);
    } else if (strcmp(sub, "clock-probe") == 0) {
        code = cmd_clock_probe(argc - 2, argv + 2);
    } else if (strcmp(sub, "select-counter-selftest") == 0) {
        code = cmd_counter_selftest(argc - 2, argv + 2);
    } else if (strcmp(sub, "seccomp-table") == 0) {
        code = cmd_seccomp_table(argc - 2, argv + 2);
    } else if (strcmp(sub, "--version") == 0 && argc == 2) {
        code = cmd_version();
    } else if ((strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0 || strcmp(sub, "help") == 0) &&
               argc == 2) {
        print_usage();
        code = DRV_EXIT_OK;
    } else {
        char problem[256];
        snprintf(problem, sizeof problem, "unknown subcommand or extra argument \"%.200s\"", sub);
        return usage_error(NULL, problem);
    }
    if (out_flush() != 0 && code == DRV_EXIT_OK) {
        return report_stdout_failure();
    }
    library_output_finish();
    return code;
}
