/* libfault_chdir.so: changes the working directory to / on every call (and
 * to a folder that does not exist, which fails), then the toy hash. The
 * driver must not care: same digests as libxor_ok.so. */
#include "toy_hash.h"

#include <unistd.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    int ignored = chdir("/");
    ignored = chdir("/ngcc-perf-no-such-folder");
    (void)ignored;
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
