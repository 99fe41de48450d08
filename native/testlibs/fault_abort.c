/* libfault_abort.so: abort() on messages longer than 100 bits (death by
 * SIGABRT), the toy hash otherwise. */
#include "toy_hash.h"

#include <stdlib.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (msg_len_bits > 100) {
        abort();
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
