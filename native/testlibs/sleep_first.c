/* libsleep_first.c: the toy hash of toy_hash.h whose first call in a process first sleeps 30 ms
 * (nanosleep: off the CPU, as a call preempted on a busy host is); later calls do not. For
 * native/test/warm-check.test.ts: a cold call long on the wall clock but short on the CPU still
 * gets its warm check. Not a hash. */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest);

static int slept;

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (!slept) {
        struct timespec pause = {0, 30 * 1000 * 1000};
        slept = 1;
        while (nanosleep(&pause, &pause) != 0) {
        }
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
