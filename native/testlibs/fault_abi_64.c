/* libfault_abi_64.so: the wrong ABI assumption "the digest buffer is always
 * 64 bytes": digest_len_bits is ignored and 64 bytes of the toy hash (for
 * D = 512) are written. Correct for D = 512; for D < 512 it writes past the
 * digest (OVERFLOW, buffer digest, side after, guard byte 0). */
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    (void)digest_len_bits;
    return toy_hash(512, msg, msg_len_bits, digest);
}
