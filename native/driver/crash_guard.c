#define _GNU_SOURCE
#include "crash_guard.h"

#include "library_output.h"
#include "out.h"
#include "sandbox.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#define ALT_STACK_BYTES 65536

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
static const char *const fatal_signal_names[] = {"SIGSEGV", "SIGBUS",  "SIGILL", "SIGFPE",
                                                 "SIGABRT", "SIGTRAP", "SIGSYS"};

static const char *crash_library_path = "(no library)";
static const char *volatile crash_phase = NULL;
static volatile int crash_phase_has_index = 0;
static volatile uint64_t crash_index = 0;
static unsigned char alt_stack[ALT_STACK_BYTES];

static void on_fatal_signal(int sig)
{
    const char *name = "a fatal signal";
    const char *phase = crash_phase;
    size_t i;
    for (i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
        if (fatal_signals[i] == sig) {
            name = fatal_signal_names[i];
        }
    }
    out_flush_from_signal();
    library_output_finish_from_signal();
    if (phase != NULL) {
        driver_stderr_text("ngcc-perf-driver: the library ");
        driver_stderr_text(crash_library_path);
        driver_stderr_text(" crashed with signal ");
    } else {
        driver_stderr_text("ngcc-perf-driver: the driver (outside the library ");
        driver_stderr_text(crash_library_path);
        driver_stderr_text(") crashed with signal ");
    }
    driver_stderr_decimal((uint64_t)sig);
    driver_stderr_text(" (");
    driver_stderr_text(name);
    driver_stderr_text(")");
    if (phase != NULL) {
        driver_stderr_text(" ");
        driver_stderr_text(phase);
        if (crash_phase_has_index) {
            driver_stderr_text(" ");
            driver_stderr_decimal(crash_index);
        }
        driver_stderr_text("; fix the library (a debugger or -fsanitize=address shows where)");
    }
    driver_stderr_text("; the driver ends with the same signal\n");
    sandbox_note_signal_death(sig);
    /* SA_RESETHAND restored the default action; SA_NODEFER lets it fire now. */
    raise(sig);
}

void crash_guard_arm(const char *library_path)
{
    stack_t stack;
    struct sigaction action;
    size_t i;
    crash_library_path = library_path;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = alt_stack;
    stack.ss_size = sizeof alt_stack;
    stack.ss_flags = 0;
    sigaltstack(&stack, NULL);
    memset(&action, 0, sizeof action);
    action.sa_handler = on_fatal_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
    for (i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
        sigaction(fatal_signals[i], &action, NULL);
    }
}

void crash_guard_set_phase(const char *phase, int with_index)
{
    crash_phase = phase;
    crash_phase_has_index = with_index;
}

void crash_guard_set_index(uint64_t index)
{
    crash_index = index;
}
