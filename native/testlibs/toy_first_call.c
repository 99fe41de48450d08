/* libtoy_first_call.so: the toy hash of toy_hash.h; the first call in a process
 * also runs one block of 1000 iterations of a fixed loop (a one-time set-up, as a
 * lazily built table would be) folded into digest[0]; later calls skip it. On
 * x86-64 the block is `mov $1000, %ecx` and 1000 x (`add`, `rol`, `dec`, `jnz`),
 * i.e. 4001 instructions; elsewhere a C loop. For native/test/count-driver.test.ts:
 * `count --warmups 0` sees the set-up in counted call 0 only, `count --warmups 1`
 * in none. Not a hash. */
#include "toy_hash.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest);

static int set_up_done;

static unsigned long long set_up(unsigned long long word)
{
#if defined(__x86_64__)
    unsigned long long step = 0xC2B2AE3D27D4EB4Full;
    __asm__ volatile("mov $1000, %%ecx\n\t"
                     "1:\n\t"
                     "add %[step], %[word]\n\t"
                     "rol $11, %[word]\n\t"
                     "dec %%ecx\n\t"
                     "jnz 1b"
                     : [word] "+r"(word)
                     : [step] "r"(step)
                     : "ecx", "cc");
#else
    int i;
    for (i = 0; i < 1000; i++) {
        word += 0xC2B2AE3D27D4EB4Full;
        word = (word << 11) | (word >> 53);
    }
#endif
    return word;
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    int rc = toy_hash(digest_len_bits, msg, msg_len_bits, digest);
    if (rc == 0 && !set_up_done) {
        set_up_done = 1;
        digest[0] ^= (unsigned char)(set_up(msg_len_bits) & 0xFFu);
    }
    return rc;
}
