/* `ct-taint` in a driver built without <valgrind/memcheck.h> (CMake found no
 * valgrind headers): the capability is missing, said on the error line. */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "exit_codes.h"
#include "report.h"

int cmd_ct_taint(int argc, char **argv)
{
    json_line *j = report_begin("UNSUPPORTED");
    (void)argc;
    (void)argv;
    jl_str(j, "capability", "ct-taint");
    return report_finish(DRV_EXIT_UNSUPPORTED,
                         "ct-taint: this driver was built without <valgrind/memcheck.h>; install valgrind "
                         "(Debian: apt-get install valgrind) and rebuild native/ with npm run build");
}
