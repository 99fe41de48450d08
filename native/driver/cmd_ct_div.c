/* `ngcc-perf-driver ct-div LIB DIGEST_BITS --bits LIST --sites LIST`
 * (PROTOCOL.md, "ct-div"): are the operands of the library's divisions derived
 * from the message? Each div/idiv site (offsets from the library's load base,
 * from its disassembly) is trapped (div_probe.c); for each length, CryptHash
 * runs on three messages of that length with different contents (all zero and
 * two random ones), and a site whose operands (or number of executions)
 * differ between them has message-derived operands. The length and the digest
 * length are the same in the three calls: a division of public values gives
 * the same operands every time. Each call runs twice, unprobed and probed:
 * the probe's own division must give the same digest, or the run stops.
 * Runs natively, inside the sandbox. */
#define _GNU_SOURCE
#include "args.h"
#include "commands.h"
#include "ct_op.h"
#include "crash_guard.h"
#include "div_probe.h"
#include "exit_codes.h"
#include "json_line.h"
#include "library.h"
#include "report.h"

#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DIV_BITS ((uint64_t)1 << 20)
#define VARIANTS 3

/* The sites and what the calls of every length saw at them (each length its own comparison). */
static div_tally g_tally;

/* Comma-separated list of numbers (base 0: 0x… for the sites); returns the count, or -1. */
static long parse_list(const char *text, uint64_t *out, size_t cap, uint64_t max)
{
    const char *p = text;
    size_t n = 0;
    while (*p != '\0') {
        char *end;
        unsigned long long v = strtoull(p, &end, 0);
        if (end == p || v > max || n == cap || (*end != ',' && *end != '\0')) {
            return -1;
        }
        out[n++] = (uint64_t)v;
        p = *end == ',' ? end + 1 : end;
    }
    return n == 0 ? -1 : (long)n;
}

static void fill(unsigned char *msg, size_t n, int variant, uint64_t bits)
{
    uint64_t s = 0x9E3779B97F4A7C15ULL * (uint64_t)(variant + 1) ^ bits;
    size_t i;
    for (i = 0; i < n; i++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        msg[i] = variant == 0 ? 0 : (unsigned char)(s >> 24);
    }
}

static int run_length(crypt_hash_fn fn, const char *library, int digest_bits, uint64_t bits)
{
    size_t n_bytes = (size_t)((bits + 7) / 8);
    unsigned char *msg = malloc(n_bytes + 1);
    unsigned char *digest = malloc((size_t)digest_bits / 8);
    unsigned char *native = malloc((size_t)digest_bits / 8);
    int variant;
    if (msg == NULL || digest == NULL || native == NULL) {
        free(msg);
        free(digest);
        free(native);
        (void)report_begin("IO");
        return report_finish(DRV_EXIT_IO, "no memory for a %" PRIu64 "-bit message", bits);
    }
    for (variant = 0; variant < VARIANTS; variant++) {
        int rc;
        int rc_native;
        fill(msg, n_bytes, variant, bits);
        crash_guard_set_phase("in CryptHash during the division probe", 0);
        rc_native = div_probe_arm(0) != 0 ? -1 : fn(digest_bits, msg, (unsigned long long)bits, native);
        div_probe_reset();
        rc = rc_native != 0 || div_probe_arm(1) != 0 ? rc_native : fn(digest_bits, msg, (unsigned long long)bits, digest);
        crash_guard_set_phase(NULL, 0);
        if (rc == 0 && memcmp(native, digest, (size_t)digest_bits / 8) != 0) {
            json_line *j = report_begin("UNSUPPORTED");
            free(msg);
            free(digest);
            free(native);
            jl_str(j, "capability", "ct-div");
            return report_finish(DRV_EXIT_UNSUPPORTED,
                                 "ct-div: with its divisions performed by the probe, %s gave another digest for "
                                 "a %" PRIu64 "-bit message than without: the probe cannot judge this library",
                                 library, bits);
        }
        if (rc != 0) {
            json_line *j = report_begin("CRYPTOFAIL");
            free(msg);
            free(digest);
            free(native);
            jl_i64(j, "returnCode", rc);
            jl_str(j, "library", library);
            return report_finish(DRV_EXIT_CRYPTOFAIL,
                                 "CryptHash in %s returned %d on a %" PRIu64 "-bit message during the division "
                                 "probe: fix the library, it must return 0",
                                 library, rc, bits);
        }
        div_tally_add(&g_tally, variant == 0);
    }
    free(msg);
    free(digest);
    free(native);
    return DRV_EXIT_OK;
}

static int cmd_ct_div_hash(int argc, char **argv);

int cmd_ct_div(int argc, char **argv)
{
    return ct_op_form(argc, argv) ? cmd_ct_op_div(argc, argv) : cmd_ct_div_hash(argc, argv);
}

static int cmd_ct_div_hash(int argc, char **argv)
{
    static uint64_t offsets[DIV_PROBE_MAX_SITES];
    uint64_t bits[32];
    long n_bits;
    long n_sites;
    const char *library;
    int digest_bits;
    crypt_hash_fn fn;
    Dl_info info;
    void *symbol;
    char why[256];
    long i;
    int code;
    if (argc != 6 || strcmp(argv[2], "--bits") != 0 || strcmp(argv[4], "--sites") != 0 ||
        parse_digest_bits(argv[1], &digest_bits) != 0) {
        return usage_error("ct-div", "expected LIB DIGEST_BITS --bits LIST --sites LIST");
    }
    n_bits = parse_list(argv[3], bits, 32, MAX_DIV_BITS);
    n_sites = parse_list(argv[5], offsets, DIV_PROBE_MAX_SITES, UINT64_MAX);
    if (n_bits < 0 || n_sites < 0) {
        return usage_error_got("ct-div", "--bits: 1 to 32 lengths up to 2^20; --sites: 1 to 4096 offsets", argv[5]);
    }
    library = argv[0];
    crash_guard_arm(library);
    if (!div_probe_supported()) {
        json_line *j = report_begin("UNSUPPORTED");
        jl_str(j, "capability", "ct-div");
        return report_finish(DRV_EXIT_UNSUPPORTED, "ct-div: the division probe needs x86-64 Linux");
    }
    code = library_load(library, &fn);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    memcpy(&symbol, &fn, sizeof symbol); /* ISO C has no cast from a function pointer to void * */
    if (dladdr(symbol, &info) == 0 || info.dli_fbase == NULL) {
        (void)report_begin("IO");
        return report_finish(DRV_EXIT_IO, "dladdr found no load base for CryptHash in %s", library);
    }
    div_tally_start(&g_tally, offsets, (size_t)n_sites);
    if (div_probe_install(info.dli_fbase, g_tally.sites, g_tally.count, why, sizeof why) != 0) {
        json_line *j = report_begin("UNSUPPORTED");
        jl_str(j, "capability", "ct-div");
        return report_finish(DRV_EXIT_UNSUPPORTED, "ct-div: %s", why);
    }
    for (i = 0; i < n_bits; i++) {
        code = run_length(fn, library, digest_bits, bits[i]);
        if (code != DRV_EXIT_OK) {
            return code;
        }
    }
    return div_tally_print(&g_tally);
}
