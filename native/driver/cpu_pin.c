#define _GNU_SOURCE
#include "cpu_pin.h"

#include "exit_codes.h"
#include "json_line.h"
#include "report.h"

#include <errno.h>
#include <sched.h>
#include <string.h>

int pin_to_cpu(const char *subcommand, int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        json_line *j = report_begin("USAGE");
        jl_str(j, "subcommand", subcommand);
        jl_i64(j, "cpu", cpu);
        return report_finish(DRV_EXIT_USAGE,
                             "%s: cannot pin to CPU %d with sched_setaffinity (%s): pick an online "
                             "CPU this process may use (see /sys/devices/system/cpu/online)",
                             subcommand, cpu, strerror(errno));
    }
    return DRV_EXIT_OK;
}
