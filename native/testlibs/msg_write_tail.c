/* libmsg_write_tail.so: flips the lowest bit of the last message byte through
 * a cast (OVERFLOW, buffer "message-content", offset ceil(L/8) - 1), then the
 * toy hash. For L = 0 that write lands in the guard before the (empty)
 * message (OVERFLOW, buffer "message", side "before"). */
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    unsigned char *writable = (unsigned char *)msg;
    unsigned long long n = (msg_len_bits + 7) / 8;
    writable[n == 0 ? -1 : (long long)n - 1] ^= 0x01;
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
