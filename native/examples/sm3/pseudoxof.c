/*
 * pseudoXOF, the ICCS helper XOF, behind the NGCC CryptHash API (the ICCS CryptHash API and helpers):
 * the key derivation function of GB/T 32918.4-2016, 5.4.3, over SM3. For ct = 1, 2, ...
 * (a 32-bit big-endian counter) H_i = SM3(M || ct); the output is H_1 || H_2 || ...
 * cut to the requested length. Computed as the standard writes it: one whole SM3 of
 * M || ct per 256 output bits, no state shared between the blocks.
 *
 * Written for ngcc-perf as its baseline: portable C99, no heap, no global mutable state.
 * The SM3 code is sm3.c's (included, so there is one SM3 in the tree). Any positive
 * multiple of 8 digest bits is accepted; M is a bit string in SM3's own bit order.
 */
#define NGCC_SM3_NO_CRYPTHASH
#include "sm3.c"

#define SM3_DIGEST_BYTES 32u

int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest)
{
    unsigned char block[SM3_DIGEST_BYTES];
    unsigned long long out_bytes, done;
    uint32_t ct = 1u;

    if (digest_len_bits <= 0 || (digest_len_bits & 7) != 0 || digest == NULL ||
        (msg == NULL && msg_len_bits != 0)) {
        return 1;
    }
    out_bytes = (unsigned long long)digest_len_bits >> 3;
    for (done = 0; done < out_bytes; done += SM3_DIGEST_BYTES, ++ct) {
        unsigned long long left = out_bytes - done;
        sm3_digest(msg, msg_len_bits, ct, 32u, block);
        memcpy(digest + done, block, left < SM3_DIGEST_BYTES ? (size_t)left : SM3_DIGEST_BYTES);
    }
    return 0;
}
