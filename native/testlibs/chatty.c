/* libchatty.so: the toy hash, but it also prints to stdout on every call and
 * from a load-time constructor; the driver must keep that off its JSON stream. */
#include "toy_hash.h"

#include <stdio.h>

static void say_hello(void) __attribute__((constructor));

static void say_hello(void)
{
    printf("chatty: loaded\n");
    fflush(stdout);
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    printf("chatty: hashing %llu bits\n", msg_len_bits);
    fflush(stdout);
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
