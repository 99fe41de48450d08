/* libsegv.so: writes through a NULL pointer on every call (death by SIGSEGV). */
int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    /* Both volatile: the store must happen, through a pointer the compiler cannot see is NULL. */
    volatile unsigned char *volatile target = 0;
    (void)msg;
    (void)msg_len_bits;
    (void)digest;
    *target = (unsigned char)digest_len_bits;
    return 0;
}
