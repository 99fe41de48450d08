/* `ngcc-perf-driver ct-taint LIB DIGEST_BITS [--bits LIST]` (PROTOCOL.md,
 * "ct-taint"): secret-taint analysis under valgrind memcheck. Before each
 * CryptHash call the message bytes (and nothing else) are marked undefined
 * with memcheck's client requests; afterwards the digest, the return code and
 * the message are marked defined again, so the driver's own code never trips
 * over them. Memcheck then reports every conditional jump or move and every
 * address the library computed from message bytes. The message length is
 * public (it stays defined), so control flow on it is never reported.
 *
 * Built only when <valgrind/memcheck.h> is present (CMake, NGCC_HAVE_MEMCHECK). */
#define _POSIX_C_SOURCE 200809L
#include "args.h"
#include "commands.h"
#include "ct_op.h"
#include "cpu_features.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "json_line.h"
#include "library.h"
#include "message_pattern.h"
#include "report.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#define MAX_LENGTHS 32
/* Longest message of the taint run: 2^20 bits (128 KiB); memcheck is ~30x slower. */
#define MAX_TAINT_BITS ((uint64_t)1 << 20)

static const uint64_t DEFAULT_BITS[] = {0, 8, 440, 443, 512, 8000};

static int parse_bits_list(const char *text, uint64_t *bits, size_t *count)
{
    char buffer[512];
    char *token;
    char *state = NULL;
    size_t n = 0;
    if (strlen(text) >= sizeof buffer) {
        return -1;
    }
    strcpy(buffer, text);
    for (token = strtok_r(buffer, ",", &state); token != NULL; token = strtok_r(NULL, ",", &state)) {
        if (n == MAX_LENGTHS || parse_u64(token, 0, MAX_TAINT_BITS, &bits[n]) != 0) {
            return -1;
        }
        n++;
    }
    *count = n;
    return n == 0 ? -1 : 0;
}

/* One call on a message of `bits` bits marked undefined. Returns an exit code. */
static int taint_call(crypt_hash_fn fn, const char *library, int digest_bits, uint64_t index, uint64_t bits,
                      json_line *line)
{
    size_t n_bytes = (size_t)((bits + 7) / 8);
    size_t digest_bytes = (size_t)digest_bits / 8;
    unsigned char *msg = malloc(n_bytes + 1);
    unsigned char *digest = malloc(digest_bytes);
    unsigned long errors_before;
    unsigned long errors_after;
    int rc;
    if (msg == NULL || digest == NULL) {
        json_line *j = report_begin("IO");
        free(msg);
        free(digest);
        jl_str(j, "library", library);
        return report_finish(DRV_EXIT_IO, "no memory for a %" PRIu64 "-bit message while auditing %s",
                             bits, library);
    }
    pattern_fill(PATTERN_RANDOM, (uint64_t)n_bytes, msg, n_bytes);
    memset(digest, 0, digest_bytes);
    /* The marker lands in valgrind's XML stream between the reports, so a report
     * can be tied to the first call that raised it. */
    VALGRIND_PRINTF("ngcc-ct call %" PRIu64 " bits %" PRIu64 "\n", index, bits);
    errors_before = (unsigned long)VALGRIND_COUNT_ERRORS;
    (void)VALGRIND_MAKE_MEM_UNDEFINED(msg, n_bytes);
    crash_guard_set_index(index);
    crash_guard_set_phase("in CryptHash on taint call", 1);
    rc = fn(digest_bits, msg, (unsigned long long)bits, digest);
    crash_guard_set_phase(NULL, 0);
    (void)VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
    (void)VALGRIND_MAKE_MEM_DEFINED(digest, digest_bytes);
    (void)VALGRIND_MAKE_MEM_DEFINED(msg, n_bytes);
    errors_after = (unsigned long)VALGRIND_COUNT_ERRORS;
    free(msg);
    free(digest);
    if (rc != 0) {
        json_line *j = report_begin("CRYPTOFAIL");
        jl_i64(j, "returnCode", rc);
        jl_u64(j, "messageBits", bits);
        jl_u64(j, "digestBits", (uint64_t)digest_bits);
        jl_str(j, "library", library);
        jl_u64(j, "index", index);
        return report_finish(DRV_EXIT_CRYPTOFAIL,
                             "CryptHash in %s returned %d on a %" PRIu64 "-bit message (digest %d bits) "
                             "during the taint run: fix the library, it must return 0",
                             library, rc, bits, digest_bits);
    }
    jl_begin(line, "ct-call");
    jl_u64(line, "index", index);
    jl_u64(line, "bits", bits);
    jl_u64(line, "reports", (uint64_t)(errors_after - errors_before));
    return jl_emit(line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int cmd_ct_taint_hash(int argc, char **argv);

int cmd_ct_taint(int argc, char **argv)
{
    return ct_op_form(argc, argv) ? cmd_ct_op_taint(argc, argv) : cmd_ct_taint_hash(argc, argv);
}

static int cmd_ct_taint_hash(int argc, char **argv)
{
    uint64_t bits[MAX_LENGTHS];
    size_t count = sizeof DEFAULT_BITS / sizeof DEFAULT_BITS[0];
    const char *library;
    int digest_bits;
    crypt_hash_fn fn;
    json_line line = {0};
    char features[1024];
    int have_cpuid;
    size_t i;
    int code;
    memcpy(bits, DEFAULT_BITS, sizeof DEFAULT_BITS);
    if (argc != 2 && !(argc == 4 && strcmp(argv[2], "--bits") == 0)) {
        return usage_error("ct-taint", "expected LIB DIGEST_BITS [--bits LIST]");
    }
    if (parse_digest_bits(argv[1], &digest_bits) != 0) {
        return usage_error_got("ct-taint", "DIGEST_BITS must be a positive multiple of 8 below 2^31", argv[1]);
    }
    if (argc == 4 && parse_bits_list(argv[3], bits, &count) != 0) {
        return usage_error_got("ct-taint", "--bits must be 1 to 32 comma-separated bit lengths up to 2^20",
                               argv[3]);
    }
    library = argv[0];
    crash_guard_arm(library);
    code = library_load(library, &fn);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (jl_reserve(&line, 512) != 0) {
        return report_stdout_failure();
    }
    jl_begin(&line, "ct-start");
    jl_bool(&line, "underValgrind", RUNNING_ON_VALGRIND != 0);
    jl_u64(&line, "calls", (uint64_t)count);
    /* The CPUID view the library gets here (valgrind's, under valgrind). */
    have_cpuid = cpu_features_list(features, sizeof features) == 0;
    jl_bool(&line, "cpuid", have_cpuid);
    jl_str(&line, "cpuFeatures", features);
    if (jl_emit(&line) != 0) {
        return report_stdout_failure();
    }
    for (i = 0; i < count; i++) {
        code = taint_call(fn, library, digest_bits, (uint64_t)i, bits[i], &line);
        if (code != DRV_EXIT_OK) {
            return code;
        }
    }
    jl_begin(&line, "end");
    jl_u64(&line, "count", (uint64_t)count);
    code = jl_emit(&line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
    jl_free(&line);
    return code;
}
