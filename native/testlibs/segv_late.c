/* libsegv_late.so: the toy hash for messages up to 100 bits, SIGSEGV (a NULL
 * write) above, so the lines for earlier frames must still reach stdout. */
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (msg_len_bits > 100) {
        volatile unsigned char *volatile target = 0;
        *target = 1;
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
