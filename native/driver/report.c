#define _POSIX_C_SOURCE 200809L
#include "report.h"

#include "exit_codes.h"
#include "library_output.h"
#include "out.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static json_line report_line;

json_line *report_begin(const char *code)
{
    jl_begin(&report_line, "error");
    jl_str(&report_line, "code", code);
    return &report_line;
}

int report_finish(int exit_code, const char *format, ...)
{
    char sentence[8192];
    va_list args;
    va_start(args, format);
    vsnprintf(sentence, sizeof sentence, format, args);
    va_end(args);
    jl_str(&report_line, "message", sentence);
    /* Lines already produced (digests, meta) go out before the error line. */
    /* The library's last output goes before the sentence, which stays the last line. */
    library_output_finish();
    if (jl_emit(&report_line) != 0 || out_flush() != 0) {
        dprintf(driver_stderr_fd(), "ngcc-perf-driver: %s (and the error line could not be written to stdout)\n",
                sentence);
        return exit_code;
    }
    dprintf(driver_stderr_fd(), "ngcc-perf-driver: %s\n", sentence);
    return exit_code;
}

int report_stdout_failure(void)
{
    library_output_finish();
    dprintf(driver_stderr_fd(),
            "ngcc-perf-driver: writing to stdout failed (%s); keep the reading end of the pipe open "
            "until the driver exits\n",
            strerror(out_failed() != 0 ? out_failed() : EIO));
    return DRV_EXIT_IO;
}
