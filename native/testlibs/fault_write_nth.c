/* libfault_write_nth.so: the toy hash, but on call number NGCC_FAULT_NTH
 * (default 14, fault_env.h) it writes once where it must not: with
 * NGCC_FAULT_TARGET=digest one byte past the digest (digest[D/8], a guard
 * byte: OVERFLOW "digest", side "after"), else bit 0 of msg[0] through a cast
 * (OVERFLOW "message-content", offset 0). One flip, so the message stays
 * changed until the driver looks. */
#include "fault_env.h"
#include "toy_hash.h"

#include <string.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    int rc = toy_hash(digest_len_bits, msg, msg_len_bits, digest);
    if (fault_is_nth_call()) {
        const char *target = getenv("NGCC_FAULT_TARGET");
        if (target != NULL && strcmp(target, "digest") == 0) {
            digest[digest_len_bits / 8] ^= 0xFF;
        } else {
            unsigned char *writable = (unsigned char *)msg;
            writable[0] ^= 0x01;
        }
    }
    return rc;
}
