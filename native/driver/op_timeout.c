/* The per-operation timeout and the first-call estimate of op-time (op_timeout.h). */
#define _POSIX_C_SOURCE 200809L
#include "op_timeout.h"

#include "exit_codes.h"
#include "json_line.h"
#include "library_output.h"
#include "out.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The TIMEOUT line for each phase, built when the alarm is armed (no allocation in the handler). */
#define TIMEOUT_PHASES 4
static const char *const PHASES[TIMEOUT_PHASES] = {"prepare", "warmup", "timed", "warm-check"};
static char lines[TIMEOUT_PHASES][1024];
static size_t line_bytes[TIMEOUT_PHASES];
static char sentence[640];
static size_t sentence_bytes;
static volatile sig_atomic_t phase_index;

static void on_alarm(int signal_number)
{
    int i = phase_index;
    (void)signal_number;
    out_write_from_signal(lines[i], line_bytes[i]);
    library_output_finish_from_signal();
    driver_stderr_write(sentence, sentence_bytes);
    _exit(DRV_EXIT_TIMEOUT);
}

int op_timeout_arm(uint64_t seconds, const char *library, const char *category, const char *operation)
{
    static json_line j;
    struct sigaction action;
    char message[512];
    int i;
    snprintf(message, sizeof message,
             "op-time: %.200s %.32s %.32s did not end within %llu s (--timeout): raise --timeout for an operation "
             "this slow, or look for a hang",
             library, category, operation, (unsigned long long)seconds);
    for (i = 0; i < TIMEOUT_PHASES; i++) {
        jl_begin(&j, "error");
        jl_str(&j, "code", "TIMEOUT");
        jl_str(&j, "message", message);
        jl_str(&j, "library", library);
        jl_str(&j, "category", category);
        jl_str(&j, "operation", operation);
        jl_str(&j, "phase", PHASES[i]);
        jl_u64(&j, "timeoutSeconds", seconds);
        if (j.failed || j.len_bytes + 3 > sizeof lines[i]) {
            return -1;
        }
        memcpy(lines[i], j.text, j.len_bytes);
        memcpy(lines[i] + j.len_bytes, "}\n", 2);
        line_bytes[i] = j.len_bytes + 2;
    }
    sentence_bytes = (size_t)snprintf(sentence, sizeof sentence, "ngcc-perf-driver: %s\n", message);
    if (sentence_bytes >= sizeof sentence) {
        sentence_bytes = sizeof sentence - 1;
    }
    memset(&action, 0, sizeof action);
    action.sa_handler = on_alarm;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGALRM, &action, NULL) != 0) {
        return -1;
    }
    alarm((unsigned)seconds);
    return 0;
}

void op_timeout_phase(const char *phase)
{
    int i;
    for (i = 0; i < TIMEOUT_PHASES; i++) {
        if (strcmp(PHASES[i], phase) == 0) {
            phase_index = i;
        }
    }
}

void op_estimate(int always, const char *category, const char *operation, uint64_t first_ns, uint64_t calls)
{
    char line[320];
    int n;
    double first = (double)first_ns / 1e9;
    if (!always && first_ns < 1000000000u) {
        return;
    }
    n = snprintf(line, sizeof line,
            "ngcc-perf-driver: op-time %s %s: the first call took %.6f s; the %llu calls left in this run need "
            "about %.1f s at that pace\n",
            category, operation, first, (unsigned long long)calls, first * (double)calls);
    if (n > 0) {
        driver_stderr_write(line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    }
}
