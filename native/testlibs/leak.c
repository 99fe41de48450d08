/* libleak.so: mallocs 4096 bytes on every call, writes them and never frees
 * them, then computes the toy hash (toy_hash.h). `memory` must report
 * heapPeakBytes 4096, heapAllocations 1 and heapRetainedBytes 4096. */
#include "toy_hash.h"

#include <stdlib.h>
#include <string.h>

#define LEAK_BYTES 4096

/* The last block, so the leak stays reachable for leak checkers. */
static unsigned char *volatile last_block;

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    unsigned char *block = malloc(LEAK_BYTES);
    if (block == NULL) {
        return -3;
    }
    memset(block, 0x5C, LEAK_BYTES);
    last_block = block;
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
