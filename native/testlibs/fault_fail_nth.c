/* libfault_fail_nth.so: the toy hash, but returns -16 (CRYPTOFAIL) on call
 * number NGCC_FAULT_NTH (default 14) of the process, counted from 1 over
 * warm-ups, timed calls and warm-check calls alike (fault_env.h). */
#include "fault_env.h"
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (fault_is_nth_call()) {
        return -16;
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
