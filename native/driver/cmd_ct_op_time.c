/* `ngcc-perf-driver ct-time LIB --category NAME --operation OP --secret LIST [--param NAME=VALUE]...
 * --milliseconds MS [--keys K] [--min-samples M] [--max-samples N]` (PROTOCOL.md "ct-time", the
 * operation form): dudect's test with secret keys as the classes. K states are prepared (K key
 * pairs, default 8, each with its own set-up: ciphertext, signature, whole key exchange); a call
 * runs on the second state (the fixed class: always the same key pair and its own ciphertext or
 * exchange) or on one of the states after it drawn at random (the random class), each whole, so
 * that every call is valid. For a key-exchange derivation the fixed class is one exchange (its
 * long-term key, its state, the other side's public key and message) and the random class another
 * exchange each time: its public inputs change with its secrets, since a state belongs to the
 * exchange that made it. Nothing is copied between states. The result line is the CryptHash
 * form's (`bits` 0). */
#define _POSIX_C_SOURCE 200809L
#include "args.h"
#include "commands.h"
#include "counter.h"
#include "counter_probe.h"
#include "cpu_features.h"
#include "crash_guard.h"
#include "ct_op.h"
#include "ct_time.h"
#include "exit_codes.h"
#include "json_line.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_KEYS 8u
#define DEFAULT_MAX_SAMPLES 2000000u

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Measures until the time is up or max_samples; returns the count, or -1 with *rc set. */
static int64_t measure(ct_op *c, const counter *ctr, uint64_t budget_ns, uint64_t max_samples, uint64_t *ticks,
                       unsigned char *classes, int *rc)
{
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    uint64_t start_ns = clock_raw_ns();
    uint64_t count = 0;
    unsigned keys = c->state_count;
    while (count < max_samples && (count < 64 || clock_raw_ns() - start_ns < budget_ns)) {
        uint64_t before = 0;
        uint64_t after = 0;
        int cls = (int)(next(&seed) >> 63);
        unsigned from = cls == 0 ? 1u : 2u + (unsigned)(next(&seed) % (keys - 2));
        int r;
        counter_read(ctr, &before);
        r = c->op->call(c->states[from]);
        counter_read(ctr, &after);
        if (r != 0) {
            *rc = r;
            return -1;
        }
        classes[count] = (unsigned char)cls;
        ticks[count] = after - before;
        count++;
    }
    return (int64_t)count;
}

static int option_u64(const ct_op *c, const char *name, uint64_t least, uint64_t most, uint64_t *value)
{
    const char *text = ct_op_extra(c, name);
    return text == NULL || parse_u64(text, least, most, value) == 0 ? 0 : -1;
}

int cmd_ct_op_time(int argc, char **argv)
{
    ct_op c;
    uint64_t budget_ms = 0;
    uint64_t keys = DEFAULT_KEYS;
    uint64_t min_samples = 0;
    uint64_t max_samples = DEFAULT_MAX_SAMPLES;
    uint64_t *ticks;
    uint64_t *sorted;
    unsigned char *classes;
    uint64_t start_ns;
    int64_t count;
    char features[1024];
    counter ctr;
    json_line line = {0};
    int rc = 0;
    int code = ct_op_open("ct-time", argc, argv, &c);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (ct_op_extra(&c, "milliseconds") == NULL || option_u64(&c, "milliseconds", 1, 86400000u, &budget_ms) != 0 ||
        option_u64(&c, "keys", 3, CT_OP_MAX_STATES, &keys) != 0 ||
        option_u64(&c, "min-samples", 2, 100000000u, &min_samples) != 0 ||
        option_u64(&c, "max-samples", 1000, 100000000u, &max_samples) != 0) {
        return usage_error("ct-time", "the operation form needs --milliseconds MS (from 1) and takes --keys K (3 to "
                                      "64), --min-samples M (from 2), --max-samples N (from 1000)");
    }
    if (min_samples > 0) {
        max_samples = min_samples;
    }
    if ((code = ct_op_prepare(&c, (unsigned)keys)) != DRV_EXIT_OK) {
        return code;
    }
    if (counter_select_auto(&ctr) != 0) {
        (void)report_begin("IO");
        return report_finish(DRV_EXIT_IO, "no counter works on this machine, not even CLOCK_MONOTONIC_RAW");
    }
    ticks = malloc(max_samples * sizeof *ticks);
    sorted = malloc(max_samples * sizeof *sorted);
    classes = malloc(max_samples);
    if (ticks == NULL || sorted == NULL || classes == NULL || jl_reserve(&line, 4096) != 0) {
        (void)report_begin("IO");
        return report_finish(DRV_EXIT_IO, "no memory for %llu samples: lower --max-samples",
                             (unsigned long long)max_samples);
    }
    crash_guard_set_phase("in the audited operation during the timing test", 0);
    start_ns = clock_raw_ns();
    count = measure(&c, &ctr, budget_ms * 1000000u, max_samples, ticks, classes, &rc);
    crash_guard_set_phase(NULL, 0);
    if (count < 0) {
        return ct_op_call_failed(&c, "timing test", 0, rc);
    }
    ct_time_emit_result(&line, &ctr, 0, (uint64_t)count, clock_raw_ns() - start_ns, ticks, classes, sorted);
    jl_u64(&line, "minSamples", min_samples);
    jl_u64(&line, "keys", keys);
    jl_bool(&line, "cpuid", cpu_features_list(features, sizeof features) == 0);
    jl_str(&line, "cpuFeatures", features);
    counter_close(&ctr);
    ct_op_release(&c);
    return jl_emit(&line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}
