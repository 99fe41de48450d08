/* `ngcc-perf-driver ct-time LIB DIGEST_BITS --bits L --seconds S [--max-samples N]`
 * (PROTOCOL.md, "ct-time"): the statistical timing test of dudect (Reparaz,
 * Balasch, Verbauwhede, "Dude, is my code constant time?", DATE 2017). Each
 * measurement is one CryptHash call on an L-bit message of one of two classes
 * chosen at random: the fixed class (every byte zero) or the random class (a
 * fresh random message). The counter is read around each call. At the end,
 * Welch's t between the classes is computed on every sample and on the samples
 * below each of CROPS percentile thresholds (dudect's cropping, thresholds
 * 1 - 0.5^(10 (k+1) / CROPS)); the line reports every t and the largest |t|. */
#define _POSIX_C_SOURCE 200809L
#include "args.h"
#include "commands.h"
#include "ct_op.h"
#include "counter.h"
#include "counter_probe.h"
#include "cpu_features.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "json_line.h"
#include "library.h"
#include "ct_time.h"
#include "report.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CROPS 20
#define BATCH 256
#define MAX_CT_TIME_BITS ((uint64_t)1 << 20)
#define DEFAULT_MAX_SAMPLES 2000000u

typedef struct {
    double n[2];
    double mean[2];
    double m2[2];
} welch_acc;

static void welch_push(welch_acc *a, int cls, double x)
{
    double delta;
    a->n[cls] += 1.0;
    delta = x - a->mean[cls];
    a->mean[cls] += delta / a->n[cls];
    a->m2[cls] += delta * (x - a->mean[cls]);
}

/* Welch's t of class 0 against class 1; 0 when a class has fewer than 2 samples. */
static double welch_t(const welch_acc *a)
{
    double v0;
    double v1;
    double den;
    if (a->n[0] < 2 || a->n[1] < 2) {
        return 0.0;
    }
    v0 = a->m2[0] / (a->n[0] - 1);
    v1 = a->m2[1] / (a->n[1] - 1);
    den = sqrt(v0 / a->n[0] + v1 / a->n[1]);
    return den > 0 ? (a->mean[0] - a->mean[1]) / den : 0.0;
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a;
    uint64_t y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t xorshift(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

static int parse_options(int argc, char **argv, uint64_t *bits, uint64_t *seconds_ms, uint64_t *max_samples,
                         uint64_t *min_samples)
{
    int i;
    int have_bits = 0;
    int have_seconds = 0;
    for (i = 2; i + 1 < argc; i += 2) {
        uint64_t value;
        if (strcmp(argv[i], "--bits") == 0 && parse_u64(argv[i + 1], 0, MAX_CT_TIME_BITS, bits) == 0) {
            have_bits = 1;
        } else if (strcmp(argv[i], "--milliseconds") == 0 && parse_u64(argv[i + 1], 1, 86400000u, seconds_ms) == 0) {
            have_seconds = 1;
        } else if (strcmp(argv[i], "--max-samples") == 0 &&
                   parse_u64(argv[i + 1], 1000, 100000000u, &value) == 0) {
            *max_samples = value;
        } else if (strcmp(argv[i], "--min-samples") == 0 &&
                   parse_u64(argv[i + 1], 2, 100000000u, &value) == 0) {
            *min_samples = value;
        } else {
            return -1;
        }
    }
    return i == argc && have_bits && have_seconds ? 0 : -1;
}

static int call_failed(const char *library, int rc, uint64_t bits, int digest_bits)
{
    json_line *j = report_begin("CRYPTOFAIL");
    jl_i64(j, "returnCode", rc);
    jl_u64(j, "messageBits", bits);
    jl_u64(j, "digestBits", (uint64_t)digest_bits);
    jl_str(j, "library", library);
    return report_finish(DRV_EXIT_CRYPTOFAIL,
                         "CryptHash in %s returned %d on a %" PRIu64 "-bit message during the timing test: "
                         "fix the library, it must return 0",
                         library, rc, bits);
}

/* Measures until the time is up or the arrays are full (with --min-samples, at M
 * measurements); returns the sample count, or -1 with *rc set. */
static int64_t measure(const counter *c, crypt_hash_fn fn, int digest_bits, uint64_t bits, uint64_t budget_ns,
                       uint64_t max_samples, uint64_t *ticks, unsigned char *classes, int *rc)
{
    size_t n_bytes = (size_t)((bits + 7) / 8);
    unsigned char *inputs = calloc(BATCH, n_bytes + 1);
    unsigned char digest[1024];
    uint64_t seed = 0x9E3779B97F4A7C15ULL ^ bits;
    uint64_t start_ns = clock_raw_ns();
    uint64_t count = 0;
    unsigned char *big_digest = digest_bits / 8 > (int)sizeof digest ? malloc((size_t)digest_bits / 8) : digest;
    if (inputs == NULL || big_digest == NULL) {
        *rc = 0;
        free(inputs);
        return -1;
    }
    while (count < max_samples && clock_raw_ns() - start_ns < budget_ns) {
        size_t k;
        size_t batch = max_samples - count < BATCH ? (size_t)(max_samples - count) : BATCH;
        for (k = 0; k < batch; k++) {
            unsigned char *m = inputs + k * (n_bytes + 1);
            size_t b;
            classes[count + k] = (unsigned char)(xorshift(&seed) >> 63);
            for (b = 0; b < n_bytes; b++) {
                m[b] = classes[count + k] ? (unsigned char)(xorshift(&seed) >> 56) : 0;
            }
        }
        for (k = 0; k < batch; k++) {
            uint64_t before = 0;
            uint64_t after = 0;
            int r;
            counter_read(c, &before);
            r = fn(digest_bits, inputs + k * (n_bytes + 1), (unsigned long long)bits, big_digest);
            counter_read(c, &after);
            if (r != 0) {
                *rc = r;
                free(inputs);
                return -1;
            }
            ticks[count + k] = after - before;
        }
        count += batch;
    }
    free(inputs);
    if (big_digest != digest) {
        free(big_digest);
    }
    return (int64_t)count;
}

void ct_time_emit_result(json_line *j, const counter *c, uint64_t bits, uint64_t count, uint64_t elapsed_ns,
                        const uint64_t *ticks, const unsigned char *classes, uint64_t *sorted)
{
    welch_acc accs[CROPS + 1];
    uint64_t limits[CROPS];
    double best = 0.0;
    int best_test = 0;
    uint64_t i;
    int k;
    memset(accs, 0, sizeof accs);
    memcpy(sorted, ticks, count * sizeof *ticks);
    qsort(sorted, count, sizeof *sorted, compare_u64);
    for (k = 0; k < CROPS; k++) {
        double q = 1.0 - pow(0.5, 10.0 * (k + 1) / CROPS);
        limits[k] = sorted[(uint64_t)(q * (double)(count - 1))];
    }
    for (i = 0; i < count; i++) {
        welch_push(&accs[0], classes[i], (double)ticks[i]);
        for (k = 0; k < CROPS; k++) {
            if (ticks[i] < limits[k]) {
                welch_push(&accs[k + 1], classes[i], (double)ticks[i]);
            }
        }
    }
    jl_begin(j, "ct-time");
    jl_counter(j, c);
    jl_u64(j, "bits", bits);
    jl_u64(j, "samples", count);
    jl_u64(j, "fixedSamples", (uint64_t)accs[0].n[0]);
    jl_u64(j, "randomSamples", (uint64_t)accs[0].n[1]);
    jl_seconds(j, "seconds", elapsed_ns);
    jl_f64(j, "fixedMeanTicks", accs[0].mean[0]);
    jl_f64(j, "randomMeanTicks", accs[0].mean[1]);
    jl_u64(j, "medianTicks", sorted[count / 2]);
    jl_array_begin(j, "tests");
    for (k = 0; k <= CROPS; k++) {
        double t = welch_t(&accs[k]);
        jl_elem_object_begin(j);
        if (k == 0) {
            jl_null(j, "cropBelowTicks");
        } else {
            jl_u64(j, "cropBelowTicks", limits[k - 1]);
        }
        jl_u64(j, "samples", (uint64_t)(accs[k].n[0] + accs[k].n[1]));
        jl_f64(j, "t", t);
        jl_f64(j, "fixedMeanTicks", accs[k].mean[0]);
        jl_f64(j, "randomMeanTicks", accs[k].mean[1]);
        jl_object_end(j);
        if (fabs(t) > fabs(best)) {
            best = t;
            best_test = k;
        }
    }
    jl_array_end(j);
    jl_f64(j, "maxAbsT", fabs(best));
    jl_u64(j, "maxAbsTTest", (uint64_t)best_test);
}

static int cmd_ct_time_hash(int argc, char **argv);

int cmd_ct_time(int argc, char **argv)
{
    return ct_op_form(argc, argv) ? cmd_ct_op_time(argc, argv) : cmd_ct_time_hash(argc, argv);
}

static int cmd_ct_time_hash(int argc, char **argv)
{
    const char *library;
    int digest_bits;
    uint64_t bits = 0;
    uint64_t budget_ms = 0;
    uint64_t max_samples = DEFAULT_MAX_SAMPLES;
    uint64_t min_samples = 0;
    char features[1024];
    uint64_t *ticks;
    uint64_t *sorted;
    unsigned char *classes;
    uint64_t start_ns;
    int64_t count;
    int rc = 0;
    crypt_hash_fn fn;
    counter c;
    json_line line = {0};
    int code;
    if (argc < 2 || parse_digest_bits(argv[1], &digest_bits) != 0 ||
        parse_options(argc, argv, &bits, &budget_ms, &max_samples, &min_samples) != 0) {
        return usage_error("ct-time",
                           "expected LIB DIGEST_BITS --bits L --milliseconds MS [--max-samples N] [--min-samples M] "
                           "(L up to 2^20, MS from 1, N from 1000, M from 2)");
    }
    if (min_samples > 0) {
        /* The test stops when it has M measurements; MS is only the cap. */
        max_samples = min_samples;
    }
    library = argv[0];
    crash_guard_arm(library);
    code = library_load(library, &fn);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (counter_select_auto(&c) != 0) {
        (void)report_begin("IO");
        return report_finish(DRV_EXIT_IO, "no counter works on this machine, not even CLOCK_MONOTONIC_RAW");
    }
    ticks = malloc(max_samples * sizeof *ticks);
    sorted = malloc(max_samples * sizeof *sorted);
    classes = malloc(max_samples);
    if (ticks == NULL || sorted == NULL || classes == NULL || jl_reserve(&line, 4096) != 0) {
        json_line *j = report_begin("IO");
        jl_str(j, "library", library);
        return report_finish(DRV_EXIT_IO, "no memory for %" PRIu64 " samples: lower --max-samples", max_samples);
    }
    crash_guard_set_phase("in CryptHash during the timing test", 0);
    start_ns = clock_raw_ns();
    count = measure(&c, fn, digest_bits, bits, budget_ms * 1000000u, max_samples, ticks, classes, &rc);
    crash_guard_set_phase(NULL, 0);
    if (count < 0) {
        return rc != 0 ? call_failed(library, rc, bits, digest_bits) : report_stdout_failure();
    }
    if (count < 2) {
        json_line *j = report_begin("IO");
        jl_str(j, "library", library);
        return report_finish(DRV_EXIT_IO, "one call of %s took the whole timing budget: raise --milliseconds",
                             library);
    }
    ct_time_emit_result(&line, &c, bits, (uint64_t)count, clock_raw_ns() - start_ns, ticks, classes, sorted);
    jl_u64(&line, "minSamples", min_samples);
    jl_bool(&line, "cpuid", cpu_features_list(features, sizeof features) == 0);
    jl_str(&line, "cpuFeatures", features);
    counter_close(&c);
    return jl_emit(&line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}
