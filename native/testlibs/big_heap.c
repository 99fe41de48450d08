/* libbig_heap.so: mallocs exactly 1 MiB (1048576 bytes) on every call,
 * writes one byte in every 4096, frees it, then computes the toy hash
 * (toy_hash.h). `memory` must report heapPeakBytes 1048576 in 1 allocation. */
#include "toy_hash.h"

#include <stdlib.h>

#define BIG_HEAP_BYTES 1048576
#define TOUCH_STEP_BYTES 4096

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    /* volatile: the compiler may not drop the malloc/free pair or the writes. */
    volatile unsigned char *block = malloc(BIG_HEAP_BYTES);
    unsigned sum = 0;
    long i;
    if (block == NULL) {
        return -3;
    }
    for (i = 0; i < BIG_HEAP_BYTES; i += TOUCH_STEP_BYTES) {
        block[i] = (unsigned char)(i / TOUCH_STEP_BYTES + 1);
    }
    for (i = 0; i < BIG_HEAP_BYTES; i += TOUCH_STEP_BYTES) {
        sum += block[i];
    }
    free((void *)block);
    if (sum == 0) {
        return -2; /* unreachable: keeps the reads observable */
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
