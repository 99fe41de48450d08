/* libempty.so: a CryptHash that returns 0 at once and writes nothing. It is
 * the reference for the cost of the timing loop itself (the call through a
 * function pointer, the barrier, and with --scope per-call one counter read);
 * it is not a hash. */
int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest);

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    (void)digest_len_bits;
    (void)msg;
    (void)msg_len_bits;
    (void)digest;
    return 0;
}
