/* `ngcc-perf-driver time ...`: one timing trial (PROTOCOL.md, SPEC §5-6). */
#define _GNU_SOURCE
#include "args.h"
#include "buffer_checks.h"
#include "commands.h"
#include "counter.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "guarded_buffer.h"
#include "json_line.h"
#include "library.h"
#include "out.h"
#include "proc_mem.h"
#include "report.h"
#include "time_options.h"

#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <string.h>
#include <sys/resource.h>

typedef struct {
    time_options opts;
    counter ctr;
    crypt_hash_fn fn;
    guarded_buffer digest;
    guarded_buffer message;
    json_line line;
} time_session;

static time_session session;

/* Keeps the digest observable so the calls cannot be optimised away. */
static volatile unsigned char digest_sink;

static int io_error(const char *sentence, const char *detail)
{
    json_line *j = report_begin("IO");
    jl_str(j, "library", session.opts.library);
    return report_finish(DRV_EXIT_IO, "%s (%s) while timing %s", sentence, detail,
                         session.opts.library);
}

static int pin_cpu(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        json_line *j = report_begin("USAGE");
        jl_str(j, "subcommand", "time");
        jl_i64(j, "cpu", cpu);
        return report_finish(DRV_EXIT_USAGE,
                             "time: cannot pin to CPU %d with sched_setaffinity (%s): pick an online "
                             "CPU this process may use (see /sys/devices/system/cpu/online)",
                             cpu, strerror(errno));
    }
    return DRV_EXIT_OK;
}

static int choose_counter(void)
{
    char why[512];
    if (!session.opts.has_counter) {
        counter_select_auto(&session.ctr);
        return DRV_EXIT_OK;
    }
    if (counter_select_forced(&session.ctr, session.opts.counter, why, sizeof why) != 0) {
        json_line *j = report_begin("USAGE");
        jl_str(j, "subcommand", "time");
        jl_str(j, "counter", counter_name(session.opts.counter));
        jl_str(j, "reason", why);
        return report_finish(DRV_EXIT_USAGE,
                             "time: --counter %s is not available here (%s): leave --counter out to "
                             "let the driver choose, or run `ngcc-perf-driver info`",
                             counter_name(session.opts.counter), why);
    }
    return DRV_EXIT_OK;
}

static void put_cpu(json_line *j, const char *key, int cpu)
{
    if (cpu >= 0) {
        jl_i64(j, key, cpu);
    } else {
        jl_null(j, key);
    }
}

/* Allocates and fills the buffers: message byte i = (i*131 + L) mod 256. */
static int set_up_buffers(void)
{
    size_t n = (size_t)session.opts.message_bytes;
    size_t digest_bytes = (size_t)session.opts.digest_bits / 8;
    unsigned char *msg;
    size_t i;
    if (gbuf_reserve(&session.message, n) != 0 || gbuf_reserve(&session.digest, digest_bytes) != 0 ||
        jl_reserve(&session.line, 1024) != 0) {
        return io_error("no memory for the buffers", "MESSAGE_BYTES or DIGEST_BITS too large");
    }
    gbuf_set_len(&session.message, n);
    gbuf_set_len(&session.digest, digest_bytes);
    msg = gbuf_data(&session.message);
    for (i = 0; i < n; i++) {
        msg[i] = (unsigned char)(((uint64_t)i * 131u + session.opts.message_bytes) & 0xFFu);
    }
    memset(gbuf_data(&session.digest), 0, digest_bytes);
    return DRV_EXIT_OK;
}

static int write_meta(uint64_t baseline_rss_bytes)
{
    json_line *j = &session.line;
    jl_begin(j, "meta");
    jl_counter(j, &session.ctr);
    jl_u64(j, "messageBytes", session.opts.message_bytes);
    jl_i64(j, "digestBits", session.opts.digest_bits);
    jl_u64(j, "iterations", session.opts.iterations);
    jl_u64(j, "warmups", session.opts.warmups);
    jl_u64(j, "baselineRssBytes", baseline_rss_bytes);
    put_cpu(j, "cpu", sched_getcpu());
    /* Flushed now so a caller sees it even if the library hangs. */
    return jl_emit(j) != 0 || out_flush() != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

/* Calls CryptHash `count` times; returns the index of the first failing
 * call (its code in *rc), or `count` when all returned 0. */
static uint64_t run_calls(uint64_t count, int *rc)
{
    const int digest_bits = session.opts.digest_bits;
    const unsigned char *msg = gbuf_data(&session.message);
    const unsigned long long bits = (unsigned long long)session.opts.message_bytes * 8u;
    unsigned char *digest = gbuf_data(&session.digest);
    crypt_hash_fn fn = session.fn;
    uint64_t i;
    *rc = 0;
    for (i = 0; i < count; i++) {
        int r = fn(digest_bits, msg, bits, digest);
        if (r != 0) {
            *rc = r;
            break;
        }
        /* Compiler barrier: every call's effects are treated as observed. */
        __asm__ __volatile__("" : : : "memory");
    }
    digest_sink = digest[0];
    return i;
}

/* Guard check, then CRYPTOFAIL if a call failed. */
static int after_calls(call_phase phase, uint64_t done, uint64_t wanted, int rc)
{
    call_context ctx;
    int code;
    ctx.library = session.opts.library;
    ctx.phase = phase;
    ctx.has_index = done < wanted;
    ctx.index = done;
    ctx.message_bits = session.opts.message_bytes * 8u;
    code = check_guards(&session.digest, &session.message, &ctx);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    return done < wanted ? report_cryptofail(rc, session.opts.digest_bits, &ctx) : DRV_EXIT_OK;
}

static int timed_trial(void)
{
    struct rusage usage_before;
    struct rusage usage_after;
    uint64_t ns_before, ns_after, ticks_before = 0, ticks_after = 0, done;
    int rc = 0;
    int cpu_after;
    int code;
    json_line *j = &session.line;
    getrusage(RUSAGE_SELF, &usage_before);
    ns_before = clock_raw_ns();
    if (counter_read(&session.ctr, &ticks_before) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    done = run_calls(session.opts.iterations, &rc);
    if (counter_read(&session.ctr, &ticks_after) != 0) {
        return io_error("reading the counter failed", strerror(errno));
    }
    ns_after = clock_raw_ns();
    getrusage(RUSAGE_SELF, &usage_after);
    cpu_after = sched_getcpu();
    crash_guard_set_phase(NULL, 0);
    code = after_calls(PHASE_TIMED, done, session.opts.iterations, rc);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    jl_begin(j, "trial");
    jl_u64(j, "iterations", session.opts.iterations);
    jl_seconds(j, "seconds", ns_after - ns_before);
    jl_u64(j, "nanoseconds", ns_after - ns_before);
    jl_u64(j, "ticks", ticks_after - ticks_before);
    put_cpu(j, "cpuAfter", cpu_after);
    jl_u64(j, "involuntarySwitches", (uint64_t)(usage_after.ru_nivcsw - usage_before.ru_nivcsw));
    jl_u64(j, "voluntarySwitches", (uint64_t)(usage_after.ru_nvcsw - usage_before.ru_nvcsw));
    return jl_emit(j) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int run_trial(void)
{
    uint64_t baseline_rss_bytes = 0, peak_rss_bytes = 0, done;
    int rc = 0;
    int code = set_up_buffers();
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (proc_resident_bytes(&baseline_rss_bytes) != 0) {
        return io_error("reading /proc/self/statm failed", strerror(errno));
    }
    code = write_meta(baseline_rss_bytes);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    crash_guard_set_phase("in CryptHash during the warm-up calls", 0);
    done = run_calls(session.opts.warmups, &rc);
    crash_guard_set_phase(NULL, 0);
    code = after_calls(PHASE_WARMUP, done, session.opts.warmups, rc);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    crash_guard_set_phase("in CryptHash during the timed calls", 0);
    code = timed_trial();
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (proc_peak_rss_bytes(&peak_rss_bytes) != 0) {
        return io_error("reading VmHWM from /proc/self/status failed", strerror(errno));
    }
    jl_begin(&session.line, "end");
    jl_u64(&session.line, "peakRssBytes", peak_rss_bytes);
    return jl_emit(&session.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

int cmd_time(int argc, char **argv)
{
    int code = parse_time_options(argc, argv, &session.opts);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    /* Pin first, so the library's constructors and all allocations already
     * happen on the measured CPU. */
    if (session.opts.has_cpu) {
        code = pin_cpu(session.opts.cpu);
        if (code != DRV_EXIT_OK) {
            return code;
        }
    }
    code = choose_counter();
    if (code != DRV_EXIT_OK) {
        return code;
    }
    crash_guard_arm(session.opts.library);
    code = library_load(session.opts.library, &session.fn);
    if (code == DRV_EXIT_OK) {
        code = run_trial();
    }
    counter_close(&session.ctr);
    return code;
}
