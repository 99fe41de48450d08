/* libfault_kill_parent.so: on every call sends SIGKILL to its parent process
 * and SIGCONT to every process it may signal (kill(-1)) and to its process
 * group (kill(0)). In the sandbox all three are refused and the call returns
 * the toy hash; if the parent could be killed it returns -12 (CRYPTOFAIL). */
#define _POSIX_C_SOURCE 200809L
#include "toy_hash.h"

#include <signal.h>
#include <unistd.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    int killed = kill(getppid(), SIGKILL) == 0;
    int others = kill(-1, SIGCONT) == 0;
    int group = kill(0, SIGCONT) == 0;
    if (killed || others || group) {
        return -12;
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
