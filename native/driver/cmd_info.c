#define _POSIX_C_SOURCE 200809L
#include "args.h"
#include "commands.h"
#include "counter.h"
#include "counter_probe.h"
#include "exit_codes.h"
#include "json_line.h"
#include "out.h"
#include "proc_mem.h"
#include "report.h"
#include "sandbox.h"

#include <sys/utsname.h>

int cmd_info(int argc, char **argv)
{
    static counter_survey survey;
    json_line line = {0};
    struct utsname host;
    counter c;
    int failed;
    (void)argv;
    if (argc != 0) {
        return usage_error("info", "takes no arguments");
    }
    if (counter_survey_run(&survey, &c) != 0) {
        json_line *j = report_begin("IO");
        jl_str(j, "subcommand", "info");
        return report_finish(DRV_EXIT_IO, "info: no counter works, not even CLOCK_MONOTONIC_RAW; "
                                          "run the driver on Linux");
    }
    jl_begin(&line, "info");
    jl_str(&line, "driver", NGCC_DRIVER_VERSION);
    jl_str(&line, "arch", uname(&host) == 0 ? host.machine : "unknown");
    jl_u64(&line, "pageBytes", proc_page_bytes());
    jl_counter(&line, &c);
    jl_counter_survey(&line, &survey);
    if (survey.tsc_hz_cpuid != 0) {
        jl_u64(&line, "tscHzCpuid", survey.tsc_hz_cpuid);
        jl_str(&line, "tscHzCpuidLeaf", survey.tsc_hz_cpuid_leaf == 0x15u ? "0x15" : "0x16");
    } else {
        jl_null(&line, "tscHzCpuid");
        jl_null(&line, "tscHzCpuidLeaf");
    }
    sandbox_describe(&line);
#ifdef NGCC_HAVE_MEMCHECK
    jl_bool(&line, "ctTaint", 1);
#else
    jl_bool(&line, "ctTaint", 0);
#endif
    failed = jl_emit(&line);
    counter_close(&c);
    jl_free(&line);
    return failed != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

int cmd_version(void)
{
    json_line line = {0};
    int failed;
    jl_begin(&line, "version");
    jl_str(&line, "driver", NGCC_DRIVER_VERSION);
    jl_u64(&line, "protocol", PROTOCOL_VERSION);
    failed = jl_emit(&line);
    jl_free(&line);
    return failed != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}
