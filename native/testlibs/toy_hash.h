/* The toy "hash" shared by the test-only libraries (NOT cryptographic).
 *
 * With n = ceil(L/8) message bytes m[0..n-1], the last one masked to its top
 * L mod 8 bits when L is not a multiple of 8:
 *   x = m[0] ^ m[1] ^ ... ^ m[n-1]
 *   s = (1*m[0] + 2*m[1] + ... + n*m[n-1]) mod 256
 *   digest[j] = x ^ ((s + j) mod 256) ^ ((L >> (8 * (j mod 8))) mod 256)
 * for j = 0 .. D/8 - 1. D must be a positive multiple of 8, else it returns -1.
 * native/test/driver.test.ts recomputes it in TypeScript. */
#ifndef NGCC_TESTLIB_TOY_HASH_H
#define NGCC_TESTLIB_TOY_HASH_H

static int toy_hash(int digest_len_bits, const unsigned char *msg,
                    unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned long long n = (msg_len_bits + 7) / 8;
    unsigned long long i;
    unsigned x = 0;
    unsigned s = 0;
    int j;
    if (digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return -1;
    }
    for (i = 0; i < n; i++) {
        unsigned byte = msg[i];
        if (i == n - 1 && msg_len_bits % 8 != 0) {
            byte &= 0xFFu << (8 - msg_len_bits % 8);
        }
        x ^= byte;
        s = (s + (unsigned)((i + 1) & 0xFFu) * byte) & 0xFFu;
    }
    for (j = 0; j < digest_len_bits / 8; j++) {
        unsigned length_byte = (unsigned)((msg_len_bits >> (8 * (j % 8))) & 0xFFu);
        digest[j] = (unsigned char)((x ^ ((s + (unsigned)j) & 0xFFu) ^ length_byte) & 0xFFu);
    }
    return 0;
}

#endif
