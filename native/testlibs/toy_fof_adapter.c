/* The C adapter of the toy "fixed-output function" category (toy_fof.c): everything the driver
 * needs to know of the category, through the category ABI alone (native/driver/ngcc_category.h),
 * loaded with `--adapter`. Operation `eval` (parameter inputBytes: the input is byte i = 3i mod
 * 256), output checked against a guard of 64 bytes after it; KAT kind `KAT_FOF`: four records
 * (inputs of 0, 1, 16 and 100 bytes) with fields Count, In_Len, In, Out. */
#include "ngcc_category.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUARD 64u
#define GUARD_BYTE 0xA5u

typedef unsigned long long (*output_bytes_fn)(void);
typedef int (*eval_fn)(const unsigned char *, unsigned long long, unsigned char *);

typedef struct {
    eval_fn eval;
    unsigned long long in_bytes;
    unsigned long long out_bytes;
    unsigned char *in;
    unsigned char *out; /* out_bytes, then GUARD guard bytes */
} fof_state;

static int say(ngcc_op_problem *p, int status, const char *buffer, const char *sentence)
{
    snprintf(p->buffer, sizeof p->buffer, "%s", buffer);
    snprintf(p->sentence, sizeof p->sentence, "%s", sentence);
    return status;
}

static int resolve(const ngcc_host *host, eval_fn *eval, unsigned long long *out_bytes, ngcc_op_problem *p)
{
    void *getter = host->symbol("fof_output_bytes");
    void *function = host->symbol("fof_eval");
    output_bytes_fn get;
    if (getter == NULL || function == NULL) {
        return say(p, NGCC_OP_SETUP, "symbol", "the library defines no fof_output_bytes or fof_eval");
    }
    memcpy(&get, &getter, sizeof get);
    memcpy(eval, &function, sizeof *eval);
    *out_bytes = get();
    if (*out_bytes == 0 || *out_bytes > 4096) {
        return say(p, NGCC_OP_WRONG, "", "fof_output_bytes() is not between 1 and 4096");
    }
    return NGCC_OP_OK;
}

static void fof_release(void *state)
{
    fof_state *s = state;
    if (s != NULL) {
        free(s->in);
        free(s->out);
        free(s);
    }
}

static int fof_make(const ngcc_host *host, unsigned long long in_bytes, fof_state **out, ngcc_op_problem *p)
{
    fof_state *s = calloc(1, sizeof *s);
    unsigned long long i;
    int status;
    if (s == NULL) {
        return say(p, NGCC_OP_NO_MEMORY, "", "no memory for the state");
    }
    status = resolve(host, &s->eval, &s->out_bytes, p);
    s->in_bytes = in_bytes;
    s->in = malloc(in_bytes + 1);
    s->out = status == NGCC_OP_OK ? malloc(s->out_bytes + GUARD) : NULL;
    if (status == NGCC_OP_OK && (s->in == NULL || s->out == NULL)) {
        status = say(p, NGCC_OP_NO_MEMORY, "", "no memory for the input and output");
    }
    if (status != NGCC_OP_OK) {
        fof_release(s);
        return status;
    }
    for (i = 0; i < in_bytes; i++) {
        s->in[i] = (unsigned char)((3u * i) & 0xFFu);
    }
    memset(s->out, 0, s->out_bytes);
    memset(s->out + s->out_bytes, GUARD_BYTE, GUARD);
    *out = s;
    return NGCC_OP_OK;
}

static int fof_prepare(const ngcc_host *host, const char *const *values, void **state, ngcc_op_problem *p)
{
    char *end = NULL;
    unsigned long long in_bytes = strtoull(values[0], &end, 10);
    if (values[0][0] < '0' || values[0][0] > '9' || *end != '\0' || in_bytes > (1u << 24)) {
        return say(p, NGCC_OP_SETUP, "", "inputBytes must be an integer from 0 to 2^24");
    }
    return fof_make(host, in_bytes, (fof_state **)state, p);
}

static int fof_call(void *state)
{
    fof_state *s = state;
    return s->eval(s->in, s->in_bytes, s->out);
}

static int fof_check(void *state, ngcc_op_problem *p)
{
    fof_state *s = state;
    unsigned i;
    for (i = 0; i < GUARD; i++) {
        if (s->out[s->out_bytes + i] != GUARD_BYTE) {
            return say(p, NGCC_OP_OVERFLOW, "out", "fof_eval wrote past the fof_output_bytes() it states");
        }
    }
    return NGCC_OP_OK;
}

static void to_hex(const unsigned char *bytes, unsigned long long n, char *text)
{
    static const char digits[] = "0123456789ABCDEF";
    unsigned long long i;
    for (i = 0; i < n; i++) {
        text[2 * i] = digits[bytes[i] >> 4];
        text[2 * i + 1] = digits[bytes[i] & 15u];
    }
    text[2 * n] = '\0';
}

static int fof_kat(const ngcc_host *host, const char *kind, const ngcc_kat_sink *sink, ngcc_op_problem *p)
{
    static const unsigned long long LENGTHS[] = {0, 1, 16, 100};
    char number[32];
    char hex[2 * 4096 + 1];
    unsigned r;
    (void)kind;
    for (r = 0; r < sizeof LENGTHS / sizeof LENGTHS[0]; r++) {
        fof_state *s = NULL;
        int rc;
        int status = fof_make(host, LENGTHS[r], &s, p);
        if (status != NGCC_OP_OK) {
            return status;
        }
        rc = fof_call(s);
        if (rc != 0) {
            fof_release(s);
            p->return_code = rc;
            return say(p, NGCC_OP_FAILED, "", "fof_eval failed");
        }
        if ((status = fof_check(s, p)) != NGCC_OP_OK) {
            fof_release(s);
            return status;
        }
        snprintf(number, sizeof number, "%u", r);
        sink->field(sink->context, "Count", number);
        snprintf(number, sizeof number, "%llu", LENGTHS[r]);
        sink->field(sink->context, "In_Len", number);
        to_hex(s->in, s->in_bytes, hex);
        sink->field(sink->context, "In", hex);
        to_hex(s->out, s->out_bytes, hex);
        sink->field(sink->context, "Out", hex);
        fof_release(s);
        if (sink->end_record(sink->context) != 0) {
            return NGCC_OP_OK;
        }
    }
    return NGCC_OP_OK;
}

static const char *const SYMBOLS[] = {"fof_output_bytes", "fof_eval", NULL};
static const char *const EVAL_PARAMETERS[] = {"inputBytes", NULL};
static const char *const KAT_KINDS[] = {"KAT_FOF", NULL};
static const ngcc_operation OPERATIONS[] = {
    {"eval", EVAL_PARAMETERS, fof_prepare, fof_call, fof_check, fof_release},
};
static const ngcc_category TOY_FOF = {
    NGCC_CATEGORY_ABI, "toy-fof", SYMBOLS, OPERATIONS, 1u, KAT_KINDS, fof_kat,
};

const ngcc_category *ngcc_category_v1(unsigned driver_abi)
{
    return driver_abi == NGCC_CATEGORY_ABI ? &TOY_FOF : NULL;
}
