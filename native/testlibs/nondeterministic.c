/* libnondeterministic.so: the toy hash, but every 5th call flips bit 0 of
 * digest[0] (state kept between calls). Two calls on one message then differ
 * at the 3rd message when each message is hashed twice (calls 5 and 6). */
#include "toy_hash.h"

static unsigned long calls;

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    int rc = toy_hash(digest_len_bits, msg, msg_len_bits, digest);
    calls++;
    if (rc == 0 && calls % 5 == 0) {
        digest[0] ^= 0x01;
    }
    return rc;
}
