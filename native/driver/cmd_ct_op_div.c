/* `ngcc-perf-driver ct-div LIB --category NAME --operation OP --secret LIST [--param NAME=VALUE]...
 * --sites LIST` (PROTOCOL.md "ct-div", the operation form): are the operands of the library's
 * divisions derived from the secret? Three states of the operation are prepared (three key pairs
 * from the advancing DRNG); the operation then runs on the first state three times, with its own
 * secret and with the second's and the third's copied into its secret buffers, everything else
 * (ciphertext, message, public key) unchanged. A site whose operands or number of executions
 * differ between the three has secret-derived operands. The first call is checked by the
 * category's own check (the probe's divisions must give the right result), or the run stops. Runs
 * natively, inside the sandbox (div_probe.c).
 * A key-exchange step's state (`sta`, `stb`) cannot vary alone: a state is made by its exchange
 * and the messages come from it, so no second state exists for the first exchange's public key and
 * messages. What is compared there: the step on the first exchange's public inputs (the other
 * side's public key, the message it answers) with the secrets named (the long-term key, the state)
 * of the first, the second and the third exchange; the second and third runs derive a secret no
 * honest exchange would (not checked; an error return still counts its divisions). */
#define _GNU_SOURCE
#include "args.h"
#include "commands.h"
#include "crash_guard.h"
#include "ct_op.h"
#include "div_probe.h"
#include "exit_codes.h"
#include "json_line.h"
#include "op_problem.h"
#include "pk/pk_op.h"
#include "report.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#define VARIANTS 3

/* The sites and what the three calls saw at them (one comparison). */
static div_tally g_tally;

static long parse_sites(const char *text, uint64_t *out)
{
    const char *p = text;
    size_t n = 0;
    while (*p != '\0') {
        char *end;
        unsigned long long v = strtoull(p, &end, 0);
        if (end == p || n == DIV_PROBE_MAX_SITES || (*end != ',' && *end != '\0')) {
            return -1;
        }
        out[n++] = (uint64_t)v;
        p = *end == ',' ? end + 1 : end;
    }
    return n == 0 ? -1 : (long)n;
}

/* The instance's load base: where its first API function lives. */
static unsigned char *load_base(void)
{
    int k;
    for (k = 0; k < PK_SYMBOL_COUNT; k++) {
        void *symbol;
        Dl_info info;
        if (pk_op_kat.lib.fn[k] == NULL) {
            continue;
        }
        memcpy(&symbol, &pk_op_kat.lib.fn[k], sizeof symbol);
        if (dladdr(symbol, &info) != 0 && info.dli_fbase != NULL) {
            return info.dli_fbase;
        }
    }
    return NULL;
}

static int run_variants(ct_op *c)
{
    int variant;
    for (variant = 0; variant < VARIANTS; variant++) {
        int rc;
        ct_op_copy_secrets(c, (unsigned)variant, 0);
        div_probe_reset();
        crash_guard_set_phase("in the audited operation during the division probe", 0);
        rc = div_probe_arm(1) != 0 ? -1 : c->op->call(c->states[0]);
        (void)div_probe_arm(0);
        crash_guard_set_phase(NULL, 0);
        /* A foreign secret key may be rejected (an error return): the divisions it ran still count. */
        if (rc != 0 && variant == 0) {
            return ct_op_call_failed(c, "division probe", (uint64_t)variant, rc);
        }
        if (variant == 0) {
            ngcc_op_problem p;
            int status;
            memset(&p, 0, sizeof p);
            if ((status = c->op->check(c->states[0], &p)) != NGCC_OP_OK) {
                json_line *j = report_begin("UNSUPPORTED");
                jl_str(j, "capability", "ct-div");
                return report_finish(DRV_EXIT_UNSUPPORTED,
                                     "ct-div: with its divisions performed by the probe, %s %s failed its check "
                                     "(%s): the probe cannot judge this library",
                                     c->library, c->op->name, p.sentence);
            }
        }
        div_tally_add(&g_tally, variant == 0);
    }
    return DRV_EXIT_OK;
}

int cmd_ct_op_div(int argc, char **argv)
{
    static uint64_t offsets[DIV_PROBE_MAX_SITES];
    ct_op c;
    const char *sites_text;
    unsigned char *base;
    char why[256];
    long n_sites;
    int code = ct_op_open("ct-div", argc, argv, &c);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    sites_text = ct_op_extra(&c, "sites");
    n_sites = sites_text == NULL ? -1 : parse_sites(sites_text, offsets);
    if (n_sites < 0) {
        return usage_error("ct-div", "--sites: 1 to 4096 offsets");
    }
    if (!div_probe_supported()) {
        json_line *j = report_begin("UNSUPPORTED");
        jl_str(j, "capability", "ct-div");
        return report_finish(DRV_EXIT_UNSUPPORTED, "ct-div: the division probe needs x86-64 Linux");
    }
    if ((code = ct_op_prepare(&c, VARIANTS)) != DRV_EXIT_OK) {
        return code;
    }
    if ((base = load_base()) == NULL) {
        (void)report_begin("IO");
        return report_finish(DRV_EXIT_IO, "dladdr found no load base for the API functions of %s", c.library);
    }
    div_tally_start(&g_tally, offsets, (size_t)n_sites);
    if (div_probe_install(base, g_tally.sites, g_tally.count, why, sizeof why) != 0 || div_probe_arm(0) != 0) {
        json_line *j = report_begin("UNSUPPORTED");
        jl_str(j, "capability", "ct-div");
        return report_finish(DRV_EXIT_UNSUPPORTED, "ct-div: %s", why);
    }
    if ((code = run_variants(&c)) != DRV_EXIT_OK) {
        return code;
    }
    return div_tally_print(&g_tally);
}
