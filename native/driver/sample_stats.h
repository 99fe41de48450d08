/* Order statistics of integer samples (counter ticks, rates in Hz).
 *
 * Quantile q(p) of n sorted samples x[0..n-1] is x[floor(p * (n - 1))]: the
 * lower nearest rank, no interpolation, so every figure is one of the samples
 * (an integer). With n = 4 the median is x[1], q1 x[0], q3 x[2]. */
#ifndef NGCC_SAMPLE_STATS_H
#define NGCC_SAMPLE_STATS_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t min;
    uint64_t q1;
    uint64_t median;
    uint64_t q3;
    uint64_t max;
    uint64_t smallest_nonzero; /* 0 when every sample is 0 */
} sample_quartiles;

/* Sorts in place, ascending. */
void sort_u64(uint64_t *samples, size_t count);

/* x[floor(numerator/denominator * (count - 1))] of sorted samples; count >= 1,
 * numerator <= denominator. */
uint64_t sorted_quantile_u64(const uint64_t *sorted, size_t count, unsigned numerator,
                             unsigned denominator);

/* Sorts `samples` in place (count >= 1) and fills *q. */
void quartiles_u64(uint64_t *samples, size_t count, sample_quartiles *q);

/* Replaces stamps[i] by stamps[i+1] - stamps[i] for i < count (stamps holds
 * count + 1 readings). Returns how many of the differences were negative
 * (a counter that went backwards); those are stored as 0. */
size_t stamps_to_differences(uint64_t *stamps, size_t count);

#endif
