/* `ngcc-perf-driver pk-kat LIB INSTANCE [options]` (PROTOCOL.md): the
 * official KAT file of a KEM, signature or key-exchange instance (the ICCS public-key APIs),
 * generated inside the driver as KAT_KEM.c / KAT_SIG.c / KAT_KEX.c write it:
 * a seed DRNG initialised with "seed"×16 gives each of the 10 records a
 * 64-byte Seed, drng_algorithm is re-initialised with it, and the record's
 * operations run checked (pk_kat.c). One `pk-kat-record` line per record
 * carries its text byte for byte and its functional checks. */
#define _POSIX_C_SOURCE 200809L
#include "pk_kat.h"

#include "../args.h"
#include "../commands.h"
#include "../crash_guard.h"
#include "../exit_codes.h"
#include "../out.h"
#include "../proc_mem.h"
#include "../report.h"
#include "../resource_limits.h"
#include "../termination_flush.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define SUBCOMMAND "pk-kat"
/* Address-space limit by default: keys and states of megabytes exist. */
#define PK_DEFAULT_MEMORY_BYTES ((uint64_t)4 << 30)
#define PK_MIN_MEMORY_BYTES ((uint64_t)16 << 20)
/* ALGORITHM_INSTANCE: at most 64 characters of [A-Za-z0-9_-] (KAT_*.c). */
#define PK_INSTANCE_MAX_CHARS 64

typedef struct {
    const char *library;
    const char *instance;
    pk_category category;
    int blank_lengths;
    uint64_t max_memory_bytes;
} pk_kat_options;

static pk_kat k;

static int valid_instance(const char *name)
{
    size_t i;
    size_t n = strlen(name);
    if (n == 0 || n > PK_INSTANCE_MAX_CHARS) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (!isalnum((unsigned char)name[i]) && name[i] != '-' && name[i] != '_') {
            return 0;
        }
    }
    return 1;
}

static int parse_options(int argc, char **argv, pk_kat_options *o)
{
    int i;
    memset(o, 0, sizeof *o);
    o->category = PK_CATEGORY_ANY;
    o->max_memory_bytes = PK_DEFAULT_MEMORY_BYTES;
    if (argc < 2) {
        return usage_error(SUBCOMMAND, "usage: pk-kat LIB INSTANCE [--category kem|sig|kex] [--blank-lengths] "
                                       "[--max-memory-bytes N]");
    }
    o->library = argv[0];
    o->instance = argv[1];
    if (!valid_instance(o->instance)) {
        return usage_error_got(SUBCOMMAND, "INSTANCE must be 1 to 64 characters of A-Z, a-z, 0-9, '-' and '_' "
                                           "(ALGORITHM_INSTANCE of the official KAT programs)", o->instance);
    }
    for (i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--blank-lengths") == 0) {
            o->blank_lengths = 1;
        } else if (strcmp(argv[i], "--category") == 0 && i + 1 < argc) {
            if (pk_category_parse(argv[++i], &o->category) != 0) {
                return usage_error_got(SUBCOMMAND, "--category must be kem, sig or kex", argv[i]);
            }
        } else if (strcmp(argv[i], "--max-memory-bytes") == 0 && i + 1 < argc) {
            if (parse_u64(argv[++i], 0, UINT64_MAX, &o->max_memory_bytes) != 0 ||
                (o->max_memory_bytes != 0 && o->max_memory_bytes < PK_MIN_MEMORY_BYTES)) {
                return usage_error_got(SUBCOMMAND, "--max-memory-bytes must be 0 (no limit) or at least 16777216",
                                       argv[i]);
            }
        } else {
            return usage_error_got(SUBCOMMAND, "unknown option or missing value", argv[i]);
        }
    }
    return DRV_EXIT_OK;
}

static int emit(json_line *j)
{
    if (jl_emit(j) != 0 || out_flush() != 0) {
        return report_stdout_failure();
    }
    return DRV_EXIT_OK;
}

static int emit_meta(uint64_t memory_bytes)
{
    static const char *const CATEGORY_FILES[PK_CATEGORY_COUNT] = {"KEM", "SIG", "KEX"};
    json_line *j = &k.line;
    int i;
    jl_begin(j, "pk-kat-meta");
    jl_str(j, "category", pk_category_name(k.lib.category));
    jl_str(j, "file", k.file_name);
    jl_str(j, "kind", CATEGORY_FILES[k.lib.category]);
    jl_str(j, "instance", k.instance);
    jl_str(j, "library", k.library);
    jl_u64(j, "records", PK_KAT_RECORDS);
    jl_bool(j, "blankLengths", k.blank_lengths);
    jl_object_begin(j, "getters");
    for (i = 0; i < k.getter_count; i++) {
        jl_u64(j, k.getter_names[i], k.getter_values[i]);
    }
    jl_object_end(j);
    jl_object_begin(j, "iccs");
    for (i = 0; i < PK_ICCS_SYMBOLS; i++) {
        jl_str(j, PK_ICCS_NAMES[i], k.lib.origin[i] == PK_FROM_INSTANCE ? "instance" : "driver");
    }
    jl_object_end(j);
    if (memory_bytes == 0) {
        jl_null(j, "maxMemoryBytes");
    } else {
        jl_u64(j, "maxMemoryBytes", memory_bytes);
    }
    return emit(j);
}

static int emit_record(void)
{
    json_line *j = &k.line;
    int i;
    if (k.text.failed) {
        json_line *e = report_begin("IO");
        jl_str(e, "library", k.library);
        return report_finish(DRV_EXIT_IO, "no memory for the text of record %" PRIu64 " of %s", k.record, k.file_name);
    }
    k.text.bytes[k.text.len] = '\0';
    jl_begin(j, "pk-kat-record");
    jl_u64(j, "index", k.record);
    jl_str(j, "text", k.text.bytes);
    jl_array_begin(j, "checks");
    for (i = 0; i < k.check_count; i++) {
        jl_elem_object_begin(j);
        jl_str(j, "name", k.check_names[i]);
        jl_bool(j, "ok", k.check_ok[i]);
        if (!k.check_ok[i]) {
            jl_str(j, "failure", k.check_failure[i]);
        }
        jl_object_end(j);
    }
    jl_array_end(j);
    return emit(j);
}

static int emit_end(void)
{
    uint64_t peak = 0;
    int i;
    json_line *j = &k.line;
    jl_begin(j, "end");
    jl_u64(j, "count", PK_KAT_RECORDS);
    jl_u64(j, "calls", k.calls);
    jl_seconds(j, "callSeconds", k.call_ns);
    jl_u64(j, "checkFailures", (uint64_t)k.check_failures);
    jl_object_begin(j, "written");
    for (i = 0; i < k.written_count; i++) {
        jl_object_begin(j, k.written_names[i]);
        jl_u64(j, "min", k.written_min[i]);
        jl_u64(j, "max", k.written_max[i]);
        jl_object_end(j);
    }
    jl_object_end(j);
    if (proc_peak_rss_bytes(&peak) == 0) {
        jl_u64(j, "peakRssBytes", peak);
    } else {
        jl_null(j, "peakRssBytes");
    }
    return emit(j);
}

static int check_failed(void)
{
    json_line *j = report_begin("CHECKFAIL");
    jl_str(j, "library", k.library);
    jl_str(j, "file", k.file_name);
    jl_u64(j, "index", k.first_failure_record);
    jl_u64(j, "failures", (uint64_t)k.check_failures);
    return report_finish(DRV_EXIT_CHECKFAIL,
                         "%s failed %d functional check(s) of %s, first on record %" PRIu64 " (%s); the official KAT "
                         "program would stop there",
                         k.library, k.check_failures, k.file_name, k.first_failure_record, k.first_failure);
}

int cmd_pk_kat(int argc, char **argv)
{
    static const char *const PREFIXES[PK_CATEGORY_COUNT] = {"KAT_KEM_", "KAT_SIG_", "KAT_KEX_"};
    unsigned char nonce[PK_SEED_BYTES];
    unsigned char seed[PK_SEED_BYTES];
    pk_kat_options o;
    uint64_t memory_bytes = 0;
    int code;
    int i;
    if ((code = parse_options(argc, argv, &o)) != DRV_EXIT_OK) {
        return code;
    }
    k.library = o.library;
    k.instance = o.instance;
    k.blank_lengths = o.blank_lengths;
    if (limit_kat_resources(o.max_memory_bytes, &memory_bytes) != 0) {
        json_line *j = report_begin("IO");
        jl_str(j, "library", o.library);
        return report_finish(DRV_EXIT_IO, "setrlimit(RLIMIT_AS, %" PRIu64 ") failed (%s); pass --max-memory-bytes 0",
                             o.max_memory_bytes, strerror(errno));
    }
    crash_guard_arm(o.library);
    flush_on_termination();
    if ((code = pk_library_load(o.library, o.category, &k.lib)) != DRV_EXIT_OK) {
        return code;
    }
    snprintf(k.file_name, sizeof k.file_name, "%s%s.txt", PREFIXES[k.lib.category], k.instance);
    switch (k.lib.category) {
    case PK_KEM: code = pk_kem_setup(&k); break;
    case PK_SIG: code = pk_sig_setup(&k); break;
    default: code = pk_kex_setup(&k); break;
    }
    if (code == DRV_EXIT_IO) {
        json_line *j = report_begin("IO");
        int g;
        jl_str(j, "library", o.library);
        jl_str(j, "stage", "getters");
        jl_object_begin(j, "getters");
        for (g = 0; g < k.getter_count; g++) {
            jl_u64(j, k.getter_names[g], k.getter_values[g]);
        }
        jl_object_end(j);
        return report_finish(DRV_EXIT_IO, "no memory for the buffers the getters of %s ask for (limit %" PRIu64
                             " bytes, 0 = none): raise --max-memory-bytes or check the getters", o.library, memory_bytes);
    }
    if (code != DRV_EXIT_OK || (code = emit_meta(memory_bytes)) != DRV_EXIT_OK) {
        return code;
    }
    for (i = 0; i < PK_SEED_BYTES; i++) {
        nonce[i] = (unsigned char)"seed"[i % 4];
    }
    pk_drng_init(&k, k.seed_drng, nonce, PK_SEED_BYTES);
    for (k.record = 0; k.record < PK_KAT_RECORDS; k.record++) {
        k.check_count = 0;
        pk_text_reset(&k);
        pk_drng_get(&k, k.seed_drng, seed, PK_SEED_BYTES * 8);
        switch (k.lib.category) {
        case PK_KEM: code = pk_kem_record(&k, seed); break;
        case PK_SIG: code = pk_sig_record(&k, seed); break;
        default: code = pk_kex_record(&k, seed); break;
        }
        if (code != DRV_EXIT_OK || (code = emit_record()) != DRV_EXIT_OK) {
            return code;
        }
    }
    if ((code = emit_end()) != DRV_EXIT_OK) {
        return code;
    }
    return k.check_failures > 0 ? check_failed() : DRV_EXIT_OK;
}
