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

static void put_err(const char *text)
{
    size_t n = strlen(text);
    while (n > 0) {
        ssize_t w = write(driver_stderr_fd(), text, n);
        if (w <= 0) {
            return;
        }
        text += w;
        n -= (size_t)w;
    }
}

static void put_err_u64(uint64_t value)
{
    char digits[24];
    size_t at = sizeof digits - 1;
    digits[at] = '\0';
    do {
        digits[--at] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    put_err(digits + at);
}

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
        put_err("ngcc-perf-driver: the library ");
        put_err(crash_library_path);
        put_err(" crashed with signal ");
    } else {
        put_err("ngcc-perf-driver: the driver (outside the library ");
        put_err(crash_library_path);
        put_err(") crashed with signal ");
    }
    put_err_u64((uint64_t)sig);
    put_err(" (");
    put_err(name);
    put_err(")");
    if (phase != NULL) {
        put_err(" ");
        put_err(phase);
        if (crash_phase_has_index) {
            put_err(" ");
            put_err_u64(crash_index);
        }
        put_err("; fix the library (a debugger or -fsanitize=address shows where)");
    }
    put_err("; the driver ends with the same signal\n");
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
