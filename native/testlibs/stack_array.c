/* libstack_array_<N>[_malloc].so: fills a volatile STACK_ARRAY_BYTES-byte array on
 * the stack, every byte; with STACK_ARRAY_MALLOC it also calls malloc(3000) and
 * free() while the array is live. `memory` must report a stack high-water a little
 * above STACK_ARRAY_BYTES either way, moving with it in 8-byte steps: the dynamic
 * linker's lazy-binding frame must not be in the figure (issue 15, case 1). */
#include "toy_hash.h"

#include <stdlib.h>

#ifndef STACK_ARRAY_BYTES
#error "STACK_ARRAY_BYTES must be defined"
#endif

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    volatile unsigned char scratch[STACK_ARRAY_BYTES];
    unsigned sum = 0;
    int i;
    /* Bytes 1..255, never the same 8 in a row as the driver's stack paint. */
    for (i = 0; i < STACK_ARRAY_BYTES; i++) {
        scratch[i] = (unsigned char)(i % 255 + 1);
    }
#ifdef STACK_ARRAY_MALLOC
    {
        unsigned char *volatile block = malloc(3000);
        if (block == NULL) {
            return -3;
        }
        block[0] = scratch[0];
        sum += block[0];
        free(block);
    }
#endif
    for (i = 0; i < STACK_ARRAY_BYTES; i += 512) {
        sum += scratch[i];
    }
    if (sum == 0) {
        return -2; /* unreachable: keeps the reads observable */
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
