#include "sample_stats.h"

#include <stdlib.h>

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a;
    uint64_t y = *(const uint64_t *)b;
    return x < y ? -1 : (x > y ? 1 : 0);
}

void sort_u64(uint64_t *samples, size_t count)
{
    qsort(samples, count, sizeof *samples, compare_u64);
}

uint64_t sorted_quantile_u64(const uint64_t *sorted, size_t count, unsigned numerator,
                             unsigned denominator)
{
    /* (count - 1) * numerator fits: count is at most a few million here. */
    size_t index = (size_t)(((uint64_t)(count - 1) * numerator) / denominator);
    return sorted[index];
}

void quartiles_u64(uint64_t *samples, size_t count, sample_quartiles *q)
{
    size_t i;
    sort_u64(samples, count);
    q->min = samples[0];
    q->q1 = sorted_quantile_u64(samples, count, 1, 4);
    q->median = sorted_quantile_u64(samples, count, 1, 2);
    q->q3 = sorted_quantile_u64(samples, count, 3, 4);
    q->max = samples[count - 1];
    q->smallest_nonzero = 0;
    for (i = 0; i < count; i++) {
        if (samples[i] != 0) {
            q->smallest_nonzero = samples[i];
            break;
        }
    }
}

size_t stamps_to_differences(uint64_t *stamps, size_t count)
{
    size_t backwards = 0;
    size_t i;
    for (i = 0; i < count; i++) {
        if (stamps[i + 1] < stamps[i]) {
            backwards++;
            stamps[i] = 0;
        } else {
            stamps[i] = stamps[i + 1] - stamps[i];
        }
    }
    return backwards;
}
