/* libret_fail.so: returns -1 (CRYPTOFAIL) for messages longer than 100 bits,
 * the toy hash otherwise. */
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (msg_len_bits > 100) {
        return -1;
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
