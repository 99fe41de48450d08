/* Error reporting: one `error` line on stdout plus one sentence on stderr
 * (PROTOCOL.md, "Exit codes"). Usage:
 *
 *     json_line *j = report_begin("LOADFAIL");
 *     jl_str(j, "library", path);
 *     return report_finish(DRV_EXIT_LOADFAIL, "cannot load %s: ...", path);
 */
#ifndef NGCC_REPORT_H
#define NGCC_REPORT_H

#include "json_line.h"

/* Starts {"v":1,"type":"error","code":<code>; add fields to the result. */
json_line *report_begin(const char *code);

#if defined(__GNUC__)
#define NGCC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NGCC_PRINTF(a, b)
#endif

/* Adds "message":<sentence>, writes and flushes the line, writes
 * "ngcc-perf-driver: <sentence>" to stderr and returns exit_code. */
int report_finish(int exit_code, const char *format, ...) NGCC_PRINTF(2, 3);

/* For when stdout itself failed: a stderr sentence only; returns DRV_EXIT_IO. */
int report_stdout_failure(void);

#endif
