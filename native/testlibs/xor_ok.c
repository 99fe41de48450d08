/* libxor_ok.so: a well-behaved CryptHash computing the toy hash (toy_hash.h). */
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
