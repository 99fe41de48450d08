/* libtoy_retire.so: the toy hash of toy_hash.h, and on every call it tells
 * the fake PMU of libfake_pmu.so (when preloaded) that it retired
 * 1000 x (message bytes + 1) instructions. Without the fake it is the toy
 * hash. Only for packages/timing/test/count-instructions.test.ts; not a hash. */
#include "toy_hash.h"

void fake_pmu_retire(unsigned long long instructions) __attribute__((weak));

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest);

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    if (fake_pmu_retire) {
        fake_pmu_retire(1000u * ((msg_len_bits + 7) / 8 + 1));
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
