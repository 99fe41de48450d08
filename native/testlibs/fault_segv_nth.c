/* libfault_segv_nth.so: the toy hash, but a NULL write (SIGSEGV) on call
 * number NGCC_FAULT_NTH (default 14) of the process (fault_env.h). */
#include "fault_env.h"
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (fault_is_nth_call()) {
        volatile unsigned char *volatile target = 0;
        *target = 1;
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
