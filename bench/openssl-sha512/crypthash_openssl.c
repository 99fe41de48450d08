/* CryptHash over OpenSSL's EVP SHA-512, byte-aligned messages only: the reference point for the
 * timing accuracy benchmark (bench/timing-accuracy.mjs). Not a candidate; never shipped. */
#include <openssl/evp.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    unsigned int written = 0;
    if (digest_len_bits != 512 || (msg_len_bits & 7u) != 0) {
        return 1;
    }
    return EVP_Digest(msg, (size_t)(msg_len_bits / 8u), digest, &written, EVP_sha512(), NULL) == 1 ? 0 : 1;
}
