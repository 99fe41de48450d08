/* libfault_raise_limit.so: tries to lift the address-space limit the driver
 * set, then to allocate past it. In CryptHash:
 *   1. getrlimit(RLIMIT_AS); no limit at all → -15 (the test set none);
 *   2. setrlimit(RLIMIT_AS, {RLIM_INFINITY, RLIM_INFINITY}); if that is
 *      refused, raises the soft limit to the hard one instead;
 *   3. malloc(the limit found in 1 + 64 MiB) (never touched, so it costs
 *      address space only): a block → the limit was lifted → -13; NULL → the
 *      limit held → -14.
 * It never returns 0: the verdict is the CRYPTOFAIL return code. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <sys/resource.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    struct rlimit found;
    struct rlimit lifted = {RLIM_INFINITY, RLIM_INFINITY};
    size_t past_limit_bytes;
    void *block;
    (void)digest_len_bits;
    (void)msg;
    (void)msg_len_bits;
    (void)digest;
    if (getrlimit(RLIMIT_AS, &found) != 0 || found.rlim_cur == RLIM_INFINITY) {
        return -15;
    }
    if (setrlimit(RLIMIT_AS, &lifted) != 0) {
        struct rlimit to_hard = found;
        to_hard.rlim_cur = found.rlim_max;
        setrlimit(RLIMIT_AS, &to_hard);
    }
    past_limit_bytes = (size_t)found.rlim_cur + ((size_t)64 << 20);
    block = malloc(past_limit_bytes);
    if (block != NULL) {
        free(block);
        return -13;
    }
    return -14;
}
