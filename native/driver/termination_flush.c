#define _POSIX_C_SOURCE 200809L
#include "termination_flush.h"

#include "library_output.h"
#include "out.h"
#include "sandbox.h"

#include <signal.h>
#include <string.h>

static void on_termination(int sig)
{
    out_flush_from_signal();
    library_output_finish_from_signal();
    sandbox_note_signal_death(sig);
    raise(sig);
}

void flush_on_termination(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_termination;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
}
