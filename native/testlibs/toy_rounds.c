/* libtoy_rounds_<K>.so: the toy hash of toy_hash.h, then TOY_ROUNDS rounds of
 * a fixed mixing loop over a 64-bit word folded into digest[0] — a hash whose
 * per-call work grows by a known number of instructions per round, for the
 * instruction counter (packages/timing/test/count-instructions.test.ts). On x86-64 the rounds are
 * one assembler block: per round `mov $1000, %ecx` and 1000 iterations of
 * `add; rol; dec; jnz`, then `dec; jnz` of the round loop, i.e. exactly
 * 1 + 4 x 1000 + 2 = 4003 instructions per round. Elsewhere the loop is C and
 * the figure per round is whatever the compiler made of it. Not a hash. */
#include "toy_hash.h"

#ifndef TOY_ROUNDS
#define TOY_ROUNDS 1
#endif

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest);

static unsigned long long mix_rounds(unsigned long long word)
{
#if defined(__x86_64__)
    unsigned long long rounds = TOY_ROUNDS;
    unsigned long long step = 0x9E3779B97F4A7C15ull;
    __asm__ volatile("2:\n\t"
                     "mov $1000, %%ecx\n\t"
                     "1:\n\t"
                     "add %[step], %[word]\n\t"
                     "rol $7, %[word]\n\t"
                     "dec %%ecx\n\t"
                     "jnz 1b\n\t"
                     "dec %[rounds]\n\t"
                     "jnz 2b"
                     : [word] "+r"(word), [rounds] "+r"(rounds)
                     : [step] "r"(step)
                     : "ecx", "cc");
#else
    int round;
    int i;
    for (round = 0; round < TOY_ROUNDS; round++) {
        for (i = 0; i < 1000; i++) {
            word += 0x9E3779B97F4A7C15ull;
            word = (word << 7) | (word >> 57);
        }
    }
#endif
    return word;
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    int rc = toy_hash(digest_len_bits, msg, msg_len_bits, digest);
    if (rc == 0) {
        digest[0] ^= (unsigned char)(mix_rounds(msg_len_bits) & 0xFFu);
    }
    return rc;
}
