/* libgreedy.so: asks malloc for 1 GiB on every call and returns -2 when it
 * gets NULL (as under a small address-space limit); otherwise frees it
 * untouched and returns the toy hash. */
#include "toy_hash.h"

#include <stdlib.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    void *block = malloc((size_t)1 << 30);
    if (block == NULL) {
        return -2;
    }
    free(block);
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
