/* libbig_stack.so: fills a 64 KiB (65536-byte) volatile array on the stack,
 * every byte, then computes the toy hash (toy_hash.h). `memory` must report
 * a stack high-water mark a little above 65536 bytes. */
#include "toy_hash.h"

#define BIG_STACK_BYTES 65536

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    volatile unsigned char scratch[BIG_STACK_BYTES];
    unsigned sum = 0;
    int i;
    /* Bytes 1..255, never the same 8 in a row as the driver's stack paint. */
    for (i = 0; i < BIG_STACK_BYTES; i++) {
        scratch[i] = (unsigned char)(i % 255 + 1);
    }
    for (i = 0; i < BIG_STACK_BYTES; i += 4096) {
        sum += scratch[i];
    }
    if (sum == 0) {
        return -2; /* unreachable: keeps the reads observable */
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
