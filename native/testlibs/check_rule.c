/* libcheck_rule.so: returns 0 when the message follows the timing rule of
 * guide §3.4 — byte i = (i*131 + L) mod 256 with L the message length in bytes —
 * and the digest buffer is DIGEST_BITS/8 writable bytes; returns 1 otherwise.
 * Used to check `ngcc-perf-driver time` builds the message it documents. */
int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    unsigned long long n = msg_len_bits / 8;
    unsigned long long i;
    int j;
    if (msg_len_bits % 8 != 0 || digest_len_bits <= 0 || digest_len_bits % 8 != 0) {
        return 1;
    }
    for (i = 0; i < n; i++) {
        if (msg[i] != (unsigned char)((i * 131u + n) & 0xFFu)) {
            return 1;
        }
    }
    for (j = 0; j < digest_len_bits / 8; j++) {
        digest[j] = (unsigned char)j;
    }
    return 0;
}
