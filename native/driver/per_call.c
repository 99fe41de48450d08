#include "per_call.h"

/* Keeps the digest observable so the calls cannot be optimised away. */
static volatile unsigned char per_call_sink;

uint64_t per_call_stamp_count(uint64_t iterations)
{
    uint64_t need = iterations + 1;
    return need > PER_CALL_OVERHEAD_PAIRS + 1 ? need : PER_CALL_OVERHEAD_PAIRS + 1;
}

uint64_t per_call_run(const counter *c, const hash_call *call, uint64_t count, uint64_t *stamps,
                      int *rc, int *read_failed)
{
    const crypt_hash_fn fn = call->fn;
    const int digest_bits = call->digest_bits;
    const unsigned char *message = call->message;
    const unsigned long long message_bits = call->message_bits;
    unsigned char *digest = call->digest;
    uint64_t i;
    *rc = 0;
    *read_failed = 0;
    if (counter_read(c, &stamps[0]) != 0) {
        *read_failed = 1;
        return 0;
    }
    for (i = 0; i < count; i++) {
        int r = fn(digest_bits, message, message_bits, digest);
        /* Compiler barrier: the call's effects are observed before the read. */
        __asm__ __volatile__("" : : : "memory");
        if (counter_read(c, &stamps[i + 1]) != 0) {
            *read_failed = 1;
            return i;
        }
        if (r != 0) {
            *rc = r;
            return i;
        }
    }
    per_call_sink = digest[0];
    return count;
}

void per_call_summarise(uint64_t *stamps, uint64_t count, uint64_t overhead_ticks,
                        per_call_figures *out)
{
    out->count = count;
    out->overhead_ticks = overhead_ticks;
    /* A backwards step (impossible for a working counter) is stored as 0. */
    (void)stamps_to_differences(stamps, (size_t)count);
    quartiles_u64(stamps, (size_t)count, &out->raw);
}

/* raw − overhead, floored at 0: a call cannot cost less than nothing. */
static uint64_t minus(uint64_t raw_ticks, uint64_t overhead_ticks)
{
    return raw_ticks > overhead_ticks ? raw_ticks - overhead_ticks : 0;
}

void jl_per_call(json_line *j, const per_call_figures *f)
{
    jl_object_begin(j, "perCall");
    jl_u64(j, "count", f->count);
    jl_u64(j, "rawMedianTicks", f->raw.median);
    jl_u64(j, "rawQ1Ticks", f->raw.q1);
    jl_u64(j, "rawQ3Ticks", f->raw.q3);
    jl_u64(j, "rawMinTicks", f->raw.min);
    jl_u64(j, "rawMaxTicks", f->raw.max);
    jl_u64(j, "overheadTicks", f->overhead_ticks);
    jl_u64(j, "medianTicks", minus(f->raw.median, f->overhead_ticks));
    jl_u64(j, "q1Ticks", minus(f->raw.q1, f->overhead_ticks));
    jl_u64(j, "q3Ticks", minus(f->raw.q3, f->overhead_ticks));
    jl_object_end(j);
}
