/* liboverflow.so: the toy hash, then one byte written just past the end of
 * the digest (OVERFLOW, buffer "digest", side "after", guard byte 0). */
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    int rc = toy_hash(digest_len_bits, msg, msg_len_bits, digest);
    digest[digest_len_bits / 8] = 0x00;
    return rc;
}
