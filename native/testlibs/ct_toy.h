/* Shared tail of the constant-time audit toys (ct_*.c, NOT cryptographic):
 * spreads a 32-bit state over the digest without looking at its value. */
#ifndef NGCC_TESTLIB_CT_TOY_H
#define NGCC_TESTLIB_CT_TOY_H

static void ct_toy_digest(unsigned h, int digest_len_bits, unsigned char *digest)
{
    int j;
    for (j = 0; j < digest_len_bits / 8; j++) {
        digest[j] = (unsigned char)((h >> (8 * (j % 4))) ^ (unsigned)j);
    }
}

#endif
