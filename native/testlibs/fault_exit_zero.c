/* libfault_exit_zero.so: calls exit(0) from CryptHash on messages longer
 * than 100 bits - the driver ends with code 0 but without its closing lines;
 * the toy hash otherwise. */
#include "toy_hash.h"

#include <stdlib.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (msg_len_bits > 100) {
        exit(0);
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
