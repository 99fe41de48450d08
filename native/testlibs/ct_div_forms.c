/* Division probe toy (NOT cryptographic): divisions of every operand width,
 * signed and unsigned, by registers and by memory, on values derived from the
 * length only (public), folded into the digest. The probe performs each one
 * itself and checks that the digest is unchanged (native/test/ct-div.test.ts). */
#include "ct_toy.h"

static volatile long long g_divisor64 = -7;
static volatile unsigned g_divisor32 = 13;

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long n = msg_len_bits + 1000;
    unsigned long long i;
    unsigned h = 0x243F6A88u;
    volatile unsigned char d8 = (unsigned char)(n % 250 + 3);
    volatile short d16 = (short)(-(int)(n % 300) - 5);
    unsigned char q8;
    short q16;
    unsigned q32;
    long long q64;
    unsigned long long u64;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    for (i = 0; i < msg_len_bits / 8; i++) {
        h = (h << 5 | h >> 27) + msg[i];
    }
    q8 = (unsigned char)((unsigned)(n & 0xFFFF) / d8 & 0xFF);
    q16 = (short)((short)(n & 0x7FFF) / d16);
    q32 = (unsigned)(n * 2654435761u) / g_divisor32 + (unsigned)(n * 40503u) % g_divisor32;
    q64 = -(long long)(n * 1000003u) / g_divisor64 + (-(long long)n) % g_divisor64;
    u64 = (n << 40 | n) / (n % 97 + 2);
    h ^= (unsigned)q8 ^ ((unsigned)(unsigned short)q16 << 8) ^ q32 ^ (unsigned)q64 ^ (unsigned)(q64 >> 32) ^
         (unsigned)u64 ^ (unsigned)(u64 >> 32);
    ct_toy_digest(h, digest_len_bits, digest);
    return 0;
}
