/* libhang.so: the toy hash up to 100 message bits; above that it never
 * returns (it sleeps in a loop), so only a timeout ends the run (TIMEOUT). */
#define _POSIX_C_SOURCE 200809L
#include "toy_hash.h"

#include <time.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (msg_len_bits > 100) {
        struct timespec pause_time = {1, 0};
        for (;;) {
            nanosleep(&pause_time, NULL);
        }
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
