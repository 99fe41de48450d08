/* libfault_signal_spin.so: on messages longer than 100 bits it installs a
 * handler for SIGSEGV, SIGTERM, SIGINT, SIGHUP and SIGXCPU that spins forever
 * with every signal blocked, then writes through NULL: it spins in the
 * SIGSEGV handler, and a polite SIGTERM ends up spinning too. Only SIGKILL
 * ends it (TIMEOUT). The toy hash otherwise. */
#define _POSIX_C_SOURCE 200809L
#include "toy_hash.h"

#include <signal.h>
#include <string.h>

static void spin(int sig)
{
    volatile unsigned long turns = 0;
    (void)sig;
    for (;;) {
        turns++;
    }
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (msg_len_bits > 100) {
        static const int caught[] = {SIGSEGV, SIGTERM, SIGINT, SIGHUP, SIGXCPU};
        volatile unsigned char *volatile target = 0;
        struct sigaction action;
        unsigned i;
        memset(&action, 0, sizeof action);
        action.sa_handler = spin;
        sigfillset(&action.sa_mask);
        for (i = 0; i < sizeof caught / sizeof caught[0]; i++) {
            sigaction(caught[i], &action, NULL);
        }
        *target = 1;
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
