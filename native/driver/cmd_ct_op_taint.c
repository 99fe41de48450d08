/* `ngcc-perf-driver ct-taint LIB --category NAME --operation OP --secret LIST [--param NAME=VALUE]...
 * [--calls N]` (PROTOCOL.md "ct-taint", the operation form): the taint run of one operation of a
 * public-key category under valgrind memcheck. The operation is prepared as op-time prepares it
 * (its set-up objects made and checked while everything is defined); then, before each of N calls
 * (default 2), the secret buffers named in LIST — and nothing else: the ciphertext, the message and
 * the public key stay public — are marked undefined, and afterwards defined again. With
 * --public LIST, the copies of those buffers inside a secret one (an sk that embeds its pk) stay
 * defined; a `ct-public-copies` line says how many were found. Every
 * conditional jump or address the library computed from them is a memcheck report; the reports of
 * each call follow its `ngcc-ct call` marker in the XML stream. */
#define _POSIX_C_SOURCE 200809L
#include "args.h"
#include "commands.h"
#include "cpu_features.h"
#include "crash_guard.h"
#include "ct_op.h"
#include "exit_codes.h"
#include "json_line.h"
#include "report.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#define DEFAULT_CALLS 2u
#define MAX_CALLS 64u

static int taint_calls(ct_op *c, uint64_t calls, json_line *line)
{
    ct_op_buffer secrets[CT_OP_MAX_SECRETS];
    ct_op_region regions[CT_OP_MAX_REGIONS];
    unsigned region_count;
    uint64_t index;
    unsigned s;
    unsigned r;
    int code;
    if ((code = ct_op_secrets(c, 0, secrets)) != DRV_EXIT_OK) {
        return code;
    }
    /* Found while everything is defined: the copies of public buffers inside the secret ones. */
    region_count = ct_op_public_regions(c, 0, regions);
    jl_begin(line, "ct-public-copies");
    jl_u64(line, "count", region_count);
    if (jl_emit(line) != 0) {
        return report_stdout_failure();
    }
    for (index = 0; index < calls; index++) {
        unsigned long before;
        unsigned long after;
        int rc;
        VALGRIND_PRINTF("ngcc-ct call %" PRIu64 " bits 0\n", index);
        before = (unsigned long)VALGRIND_COUNT_ERRORS;
        for (s = 0; s < c->secret_count; s++) {
            (void)VALGRIND_MAKE_MEM_UNDEFINED(secrets[s].data, secrets[s].bytes);
        }
        for (r = 0; r < region_count; r++) {
            (void)VALGRIND_MAKE_MEM_DEFINED(secrets[regions[r].secret].data + regions[r].offset, regions[r].bytes);
        }
        crash_guard_set_index(index);
        crash_guard_set_phase("in the audited operation on a taint call", 1);
        rc = c->op->call(c->states[0]);
        crash_guard_set_phase(NULL, 0);
        (void)VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
        for (s = 0; s < c->secret_count; s++) {
            (void)VALGRIND_MAKE_MEM_DEFINED(secrets[s].data, secrets[s].bytes);
        }
        after = (unsigned long)VALGRIND_COUNT_ERRORS;
        if (rc != 0) {
            return ct_op_call_failed(c, "taint", index, rc);
        }
        jl_begin(line, "ct-call");
        jl_u64(line, "index", index);
        jl_u64(line, "bits", 0);
        jl_u64(line, "reports", (uint64_t)(after - before));
        if (jl_emit(line) != 0) {
            return report_stdout_failure();
        }
    }
    return DRV_EXIT_OK;
}

int cmd_ct_op_taint(int argc, char **argv)
{
    ct_op c;
    json_line line = {0};
    char features[1024];
    const char *calls_text;
    uint64_t calls = DEFAULT_CALLS;
    int code = ct_op_open("ct-taint", argc, argv, &c);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    calls_text = ct_op_extra(&c, "calls");
    if (calls_text != NULL && parse_u64(calls_text, 1, MAX_CALLS, &calls) != 0) {
        return usage_error_got("ct-taint", "--calls must be 1 to 64", calls_text);
    }
    if ((code = ct_op_prepare(&c, 1)) != DRV_EXIT_OK) {
        return code;
    }
    if (jl_reserve(&line, 512) != 0) {
        return report_stdout_failure();
    }
    jl_begin(&line, "ct-start");
    jl_bool(&line, "underValgrind", RUNNING_ON_VALGRIND != 0);
    jl_u64(&line, "calls", calls);
    jl_bool(&line, "cpuid", cpu_features_list(features, sizeof features) == 0);
    jl_str(&line, "cpuFeatures", features);
    if (jl_emit(&line) != 0) {
        return report_stdout_failure();
    }
    if ((code = taint_calls(&c, calls, &line)) != DRV_EXIT_OK) {
        return code;
    }
    ct_op_release(&c);
    jl_begin(&line, "end");
    jl_u64(&line, "count", calls);
    code = jl_emit(&line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
    jl_free(&line);
    return code;
}
