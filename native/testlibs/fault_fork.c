/* libfault_fork.so: tries fork() on every call. In the sandbox fork fails
 * (EPERM) and the call returns the toy hash; if a child is ever created, the
 * child _exits at once and the call returns -7 (CRYPTOFAIL), so a test sees
 * the escape in the verdict. */
#define _POSIX_C_SOURCE 200809L
#include "toy_hash.h"

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    pid_t child = fork();
    if (child == 0) {
        _exit(0);
    }
    if (child > 0) {
        waitpid(child, NULL, 0);
        return -7;
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
