#define _POSIX_C_SOURCE 200809L
#include "args.h"

#include "exit_codes.h"
#include "library_output.h"
#include "report.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *value)
{
    uint64_t v = 0;
    const char *p = text;
    if (*p == '\0') {
        return -1;
    }
    for (; *p != '\0'; p++) {
        unsigned digit;
        if (*p < '0' || *p > '9') {
            return -1;
        }
        digit = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - digit) / 10) {
            return -1;
        }
        v = v * 10 + digit;
    }
    if (v < min || v > max) {
        return -1;
    }
    *value = v;
    return 0;
}

int parse_digest_bits(const char *text, int *digest_bits)
{
    uint64_t v;
    if (parse_u64(text, 8, (uint64_t)INT_MAX, &v) != 0 || v % 8 != 0) {
        return -1;
    }
    *digest_bits = (int)v;
    return 0;
}

void print_usage(void)
{
    /* The driver's own stderr: descriptor 2 carries the library's output by now. */
    FILE *driver_stderr = fdopen(dup(driver_stderr_fd()), "w");
    if (driver_stderr == NULL) {
        return;
    }
    fputs("usage: ngcc-perf-driver info\n"
          "       ngcc-perf-driver hash LIB DIGEST_BITS            (frames on stdin)\n"
          "       ngcc-perf-driver time LIB DIGEST_BITS MESSAGE_BYTES ITERATIONS WARMUPS\n"
          "                             [--counter pmu-cycles|tsc|tscp|cntvct|clock] [--cpu N]\n"
          "                             [--no-rate-probe (with --counter)] [--scope loop|per-call]\n"
          "                             [--message rule|random] [--offset N] [--warm-check N]\n"
          "       ngcc-perf-driver clock-probe [--cpu N] [--windows 21] [--window-ms 50]\n"
          "                             [--counter NAME]\n"
          "       ngcc-perf-driver memory LIB DIGEST_BITS MESSAGE_BYTES [--cpu N] [--stack-bytes N]\n"
          "       ngcc-perf-driver kat LIB DIGEST_BITS KAT_2_12|KAT_2_23|KAT_2_33|KAT_Loop\n"
          "                             [--max-memory-bytes N] [--repeat all|ends|none]\n"
          "       ngcc-perf-driver ct-taint LIB DIGEST_BITS [--bits LIST]   (under NGCC_PERF_VALGRIND)\n"
          "       ngcc-perf-driver ct-time LIB DIGEST_BITS --bits L --milliseconds MS [--max-samples N]\n"
          "       ngcc-perf-driver ct-taint|ct-div|ct-time LIB --category NAME --operation OP --secret LIST\n"
          "                             [--public LIST] [--param NAME=VALUE]... [--calls N | --sites LIST |\n"
          "                             --milliseconds MS [--keys K]]   (a public-key operation's secret)\n"
          "       ngcc-perf-driver count LIB DIGEST_BITS MESSAGE_BYTES [--source pmu|valgrind] [--calls N] [--warmups N]\n"
          "       ngcc-perf-driver categories [LIB] [--adapter PATH]\n"
          "       ngcc-perf-driver op-time LIB CATEGORY OPERATION ITERATIONS WARMUPS [--param NAME=VALUE]...\n"
          "                             [--adapter PATH] [--counter NAME [--no-rate-probe]] [--cpu N] [--warm-check N]\n"
          "                             [--timeout S] [--progress]\n"
          "       ngcc-perf-driver op-kat LIB CATEGORY KIND [--adapter PATH]\n"
          "       ngcc-perf-driver op-memory LIB CATEGORY OPERATION [--param NAME=VALUE]... [--adapter PATH] [--cpu N]\n"
          "       ngcc-perf-driver --version | --help\n"
          "Any subcommand: --no-sandbox (or NGCC_PERF_NO_SANDBOX=1) runs the library outside the sandbox.\n"
          "Output is JSON Lines on stdout; see native/PROTOCOL.md.\n",
          driver_stderr);
    fclose(driver_stderr);
}

int usage_error(const char *subcommand, const char *problem)
{
    json_line *j = report_begin("USAGE");
    if (subcommand != NULL) {
        jl_str(j, "subcommand", subcommand);
    }
    return report_finish(DRV_EXIT_USAGE, "%s%s%s; run `ngcc-perf-driver --help` for the usage",
                         subcommand != NULL ? subcommand : "", subcommand != NULL ? ": " : "",
                         problem);
}

int usage_error_got(const char *subcommand, const char *problem, const char *value)
{
    char text[512];
    snprintf(text, sizeof text, "%.300s, got \"%.100s%s\"", problem, value,
             strlen(value) > 100 ? "..." : "");
    return usage_error(subcommand, text);
}
