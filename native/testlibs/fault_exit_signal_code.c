/* libfault_exit_signal_code.so: the toy hash up to 100 bits; above, _exit(139)
 * from CryptHash: the exit code a shell gives a process killed by SIGSEGV
 * (128 + 11), without any signal. The caller must see exit code 139, not
 * death by SIGSEGV, in every sandbox mode (PROTOCOL.md, "Sandbox"). */
#define _POSIX_C_SOURCE 200809L
#include "toy_hash.h"

#include <unistd.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (msg_len_bits > 100) {
        _exit(128 + 11);
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
