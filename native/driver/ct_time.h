/* The result line of the dudect test (cmd_ct_time.c), shared by its CryptHash form and its
 * operation form (cmd_ct_op_time.c). */
#ifndef NGCC_CT_TIME_H
#define NGCC_CT_TIME_H

#include "counter.h"
#include "json_line.h"

#include <stdint.h>

/* Begins the `ct-time` line in j: the class means, Welch's t on every sample and below each of
 * the crop thresholds, the largest |t|. `sorted` has room for `count` values. */
void ct_time_emit_result(json_line *j, const counter *c, uint64_t bits, uint64_t count, uint64_t elapsed_ns,
                         const uint64_t *ticks, const unsigned char *classes, uint64_t *sorted);

#endif
