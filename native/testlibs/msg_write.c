/* libmsg_write.so: flips the lowest bit of the first message byte through a
 * cast (OVERFLOW, buffer "message-content"), then the toy hash. For L = 0
 * there is no message byte, so that write lands in the guard after the
 * (empty) message (OVERFLOW, buffer "message"). */
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    unsigned char *writable = (unsigned char *)msg;
    writable[0] ^= 0x01;
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
