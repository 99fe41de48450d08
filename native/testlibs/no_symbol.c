/* libno_symbol.so: exports CryptHash under a different name (LOADFAIL). */
#include "toy_hash.h"

int Crypt_Hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
               unsigned char *digest);

int Crypt_Hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
               unsigned char *digest)
{
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
