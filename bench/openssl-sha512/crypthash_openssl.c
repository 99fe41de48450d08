/* CryptHash over OpenSSL's EVP SHA-512, byte-aligned messages only: the reference point for the
 * timing accuracy benchmark (bench/timing-accuracy.mjs). Not a candidate; never shipped.
 *
 * The digest is fetched once and kept, as `openssl speed -evp` does: EVP_sha512() would make
 * every EVP_Digest call look the algorithm up again, a cost openssl speed does not pay. */
#include <openssl/evp.h>

static EVP_MD *sha512_md;

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    unsigned int written = 0;
    if (digest_len_bits != 512 || (msg_len_bits & 7u) != 0) {
        return 1;
    }
    if (sha512_md == NULL) {
        sha512_md = EVP_MD_fetch(NULL, "SHA512", NULL);
        if (sha512_md == NULL) {
            return 1;
        }
    }
    return EVP_Digest(msg, (size_t)(msg_len_bits / 8u), digest, &written, sha512_md, NULL) == 1 ? 0 : 1;
}
