/* `ngcc-perf-driver kat LIB DIGEST_BITS FILE [options]`: produces the data of
 * one NGCC hash KAT file (SPEC §4) inside the driver — the messages from the
 * SM3 DRNG (ngcc_drng.c) seeded with FILE ×8, every CryptHash call checked
 * (kat_call.c) — and writes one `kat-record` line per record (PROTOCOL.md).
 * The text of the KAT file is formatted by @ngcc-perf/kat from these lines. */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "json_line.h"
#include "kat_call.h"
#include "kat_options.h"
#include "library.h"
#include "ngcc_drng.h"
#include "out.h"
#include "proc_mem.h"
#include "report.h"
#include "resource_limits.h"
#include "termination_flush.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <time.h>

/* Pending lines go out at least this often, so a caller that kills a hung
 * run still learns which records were done. */
#define FLUSH_INTERVAL_NS 100000000u

typedef struct {
    kat_options opts;
    kat_caller caller;
    ngcc_drng drng;
    unsigned char seed[KAT_SEED_BYTES];
    json_line line;
    uint64_t effective_memory_bytes;
    uint64_t drbg_ns;
    uint64_t last_flush_ns;
} kat_session;

static kat_session s;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int emit(int force_flush)
{
    uint64_t now;
    if (jl_emit(&s.line) != 0) {
        return report_stdout_failure();
    }
    now = now_ns();
    if (force_flush || now - s.last_flush_ns >= FLUSH_INTERVAL_NS) {
        s.last_flush_ns = now;
        if (out_flush() != 0) {
            return report_stdout_failure();
        }
    }
    return DRV_EXIT_OK;
}

static void draw(unsigned char *out, uint64_t bits)
{
    uint64_t t0 = now_ns();
    ngcc_drng_generate(&s.drng, out, bits);
    s.drbg_ns += now_ns() - t0;
}

static int repeat_this(uint64_t index, uint64_t last)
{
    return s.opts.repeat == REPEAT_ALL || (s.opts.repeat == REPEAT_ENDS && (index == 0 || index == last));
}

static int no_memory(const char *what)
{
    json_line *j = report_begin("IO");
    jl_str(j, "library", s.opts.library);
    jl_str(j, "file", s.opts.file_name);
    return report_finish(DRV_EXIT_IO,
                         "no memory for %s of %s (address-space limit %" PRIu64
                         " bytes, 0 = none): raise --max-memory-bytes or free memory",
                         what, s.opts.file_name, s.effective_memory_bytes);
}

/* KAT_2_12: for L = 0 .. max, L bits from the DRNG, hashed. */
static int run_ladder(void)
{
    unsigned char *msg = gbuf_data(&s.caller.message);
    uint64_t last = s.opts.message_bits;
    uint64_t bits;
    for (bits = 0; bits <= last; bits++) {
        size_t n_bytes = (size_t)((bits + 7) / 8);
        int code;
        gbuf_set_len(&s.caller.message, n_bytes);
        draw(msg, bits);
        if ((code = kat_take_message(&s.caller, bits, bits)) != DRV_EXIT_OK ||
            (code = kat_call(&s.caller, bits, KAT_NO_ITERATION, bits, repeat_this(bits, last))) != DRV_EXIT_OK) {
            return code;
        }
        jl_begin(&s.line, "kat-record");
        jl_u64(&s.line, "index", bits);
        jl_u64(&s.line, "bits", bits);
        jl_hex(&s.line, "msgHex", msg, n_bytes);
        jl_hex(&s.line, "dstHex", gbuf_data(&s.caller.digest), s.caller.digest.len_bytes);
        if ((code = emit(0)) != DRV_EXIT_OK) {
            return code;
        }
    }
    return DRV_EXIT_OK;
}

/* KAT_2_23 / KAT_2_33: all 0x00, all 0xFF, then one DRNG draw. */
static int run_large(void)
{
    unsigned char *msg = gbuf_data(&s.caller.message);
    uint64_t bits = s.opts.message_bits;
    size_t n_bytes = (size_t)(bits / 8);
    uint64_t index;
    gbuf_set_len(&s.caller.message, n_bytes);
    for (index = 0; index < 3; index++) {
        uint64_t t0 = now_ns();
        uint64_t generate_ns;
        int code;
        if (index < 2) {
            memset(msg, index == 0 ? 0x00 : 0xFF, n_bytes);
        } else {
            draw(msg, bits);
        }
        generate_ns = now_ns() - t0;
        if (index < 2) {
            kat_take_constant_message(&s.caller, index == 0 ? 0x00 : 0xFF);
        } else if ((code = kat_take_message(&s.caller, index, bits)) != DRV_EXIT_OK) {
            return code;
        }
        if ((code = kat_call(&s.caller, index, KAT_NO_ITERATION, bits, repeat_this(index, 2))) != DRV_EXIT_OK) {
            return code;
        }
        jl_begin(&s.line, "kat-record");
        jl_u64(&s.line, "index", index);
        jl_u64(&s.line, "bits", bits);
        jl_bool(&s.line, "seeded", index == 2);
        jl_hex(&s.line, "headHex", msg, 8);
        jl_hex(&s.line, "tailHex", msg + n_bytes - 8, 8);
        jl_hex(&s.line, "dstHex", gbuf_data(&s.caller.digest), s.caller.digest.len_bytes);
        jl_seconds(&s.line, "generateSeconds", generate_ns);
        if ((code = emit(1)) != DRV_EXIT_OK) {
            return code;
        }
    }
    return DRV_EXIT_OK;
}

/* KAT_Loop: m from the DRNG; dig = H(m); then N times: rotate m left by d/8
 * bytes, XOR dig into its first d/8 bytes, dig = H(m). */
static int run_loop(void)
{
    unsigned char *msg = gbuf_data(&s.caller.message);
    unsigned char *dig = gbuf_data(&s.caller.digest);
    unsigned char initial[KAT_LOOP_MESSAGE_BITS / 8];
    unsigned char carried[KAT_LOOP_MESSAGE_BITS / 8];
    size_t mb = (size_t)(s.opts.message_bits / 8);
    size_t db = s.caller.digest.len_bytes;
    uint64_t last = s.opts.iterations;
    uint64_t i;
    int code;
    gbuf_set_len(&s.caller.message, mb);
    draw(msg, s.opts.message_bits);
    memcpy(initial, msg, mb);
    if ((code = kat_take_message(&s.caller, 0, s.opts.message_bits)) != DRV_EXIT_OK ||
        (code = kat_call(&s.caller, 0, 0, s.opts.message_bits, repeat_this(0, last))) != DRV_EXIT_OK) {
        return code;
    }
    for (i = 1; i <= last; i++) {
        size_t j;
        memcpy(carried, msg, db);
        memmove(msg, msg + db, mb - db);
        memcpy(msg + mb - db, carried, db);
        for (j = 0; j < db; j++) {
            msg[j] ^= dig[j];
        }
        if ((code = kat_take_message(&s.caller, 0, s.opts.message_bits)) != DRV_EXIT_OK ||
            (code = kat_call(&s.caller, 0, i, s.opts.message_bits, repeat_this(i, last))) != DRV_EXIT_OK) {
            return code;
        }
    }
    jl_begin(&s.line, "kat-record");
    jl_u64(&s.line, "index", 0);
    jl_u64(&s.line, "bits", s.opts.message_bits);
    jl_hex(&s.line, "msgHex", initial, mb);
    jl_u64(&s.line, "iterations", last);
    jl_hex(&s.line, "dstHex", dig, db);
    return emit(1);
}

static const char *crash_phase_for(kat_file file)
{
    switch (file) {
    case KAT_FILE_2_12: return "in CryptHash on KAT_2_12 record";
    case KAT_FILE_2_23: return "in CryptHash on KAT_2_23 record";
    case KAT_FILE_2_33: return "in CryptHash on KAT_2_33 record";
    default: return "in CryptHash on KAT_Loop iteration";
    }
}

static int emit_meta(void)
{
    uint64_t records = s.opts.file == KAT_FILE_2_12 ? s.opts.message_bits + 1 : s.opts.file == KAT_FILE_LOOP ? 1 : 3;
    jl_begin(&s.line, "kat-meta");
    jl_str(&s.line, "file", s.opts.file_name);
    jl_str(&s.line, "library", s.opts.library);
    jl_i64(&s.line, "digestBits", s.opts.digest_bits);
    jl_hex(&s.line, "seedHex", s.seed, sizeof s.seed);
    jl_u64(&s.line, "records", records);
    jl_u64(&s.line, "messageBits", s.opts.message_bits);
    if (s.opts.file == KAT_FILE_LOOP) {
        jl_u64(&s.line, "iterations", s.opts.iterations);
    }
    jl_str(&s.line, "repeat", kat_repeat_name(s.opts.repeat));
    if (s.effective_memory_bytes == 0) {
        jl_null(&s.line, "maxMemoryBytes");
    } else {
        jl_u64(&s.line, "maxMemoryBytes", s.effective_memory_bytes);
    }
    jl_bool(&s.line, "testSizes", s.opts.test_sizes);
    return emit(1);
}

static int emit_end(uint64_t records)
{
    uint64_t peak = 0;
    jl_begin(&s.line, "end");
    jl_u64(&s.line, "count", records);
    jl_u64(&s.line, "cryptHashCalls", s.caller.calls);
    jl_seconds(&s.line, "cryptHashSeconds", s.caller.call_nanoseconds);
    jl_seconds(&s.line, "drbgSeconds", s.drbg_ns);
    if (proc_peak_rss_bytes(&peak) == 0) {
        jl_u64(&s.line, "peakRssBytes", peak);
    } else {
        jl_null(&s.line, "peakRssBytes");
    }
    return emit(1);
}

int cmd_kat(int argc, char **argv)
{
    crypt_hash_fn fn;
    size_t cap_bytes;
    int code;
    int i;
    if ((code = parse_kat_options(argc, argv, &s.opts)) != DRV_EXIT_OK) {
        return code;
    }
    if (limit_kat_resources(s.opts.max_memory_bytes, &s.effective_memory_bytes) != 0) {
        json_line *j = report_begin("IO");
        jl_str(j, "library", s.opts.library);
        return report_finish(DRV_EXIT_IO, "setrlimit(RLIMIT_AS, %" PRIu64 ") failed (%s); pass --max-memory-bytes 0 to run without a limit",
                             s.opts.max_memory_bytes, strerror(errno));
    }
    crash_guard_arm(s.opts.library);
    flush_on_termination();
    if ((code = library_load(s.opts.library, &fn)) != DRV_EXIT_OK) {
        return code;
    }
    cap_bytes = s.opts.file == KAT_FILE_2_12 ? KAT_2_12_MAX_BITS / 8 : (size_t)(s.opts.message_bits / 8);
    if (kat_caller_init(&s.caller, s.opts.library, s.opts.file_name, fn, s.opts.digest_bits, cap_bytes) != 0 ||
        jl_reserve(&s.line, (size_t)s.opts.digest_bits / 4 + 2 * KAT_LOOP_MESSAGE_BITS / 8 + 512) != 0) {
        return no_memory("the message and digest buffers");
    }
    s.caller.crash_phase = crash_phase_for(s.opts.file);
    for (i = 0; i < KAT_SEED_BYTES; i++) {
        s.seed[i] = (unsigned char)s.opts.file_name[i % 8];
    }
    ngcc_drng_instantiate(&s.drng, s.seed, sizeof s.seed);
    s.last_flush_ns = now_ns();
    if ((code = emit_meta()) != DRV_EXIT_OK) {
        return code;
    }
    switch (s.opts.file) {
    case KAT_FILE_2_12: code = run_ladder(); break;
    case KAT_FILE_LOOP: code = run_loop(); break;
    default: code = run_large(); break;
    }
    if (code != DRV_EXIT_OK) {
        return code;
    }
    return emit_end(s.opts.file == KAT_FILE_2_12 ? s.opts.message_bits + 1 : s.opts.file == KAT_FILE_LOOP ? 1 : 3);
}
