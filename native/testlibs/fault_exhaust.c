/* libfault_exhaust.so: takes memory until malloc says no - 16 MiB blocks,
 * every page written, never freed - then returns -4 (CRYPTOFAIL). Under an
 * address-space limit that ends at the limit; without one it stops by itself
 * at 8 GiB (returning -5) so a mistaken run cannot take a large machine down. */
#include <stdlib.h>
#include <string.h>

#define BLOCK_BYTES ((size_t)16 << 20)
#define SELF_LIMIT_BLOCKS 512

static void *volatile kept[SELF_LIMIT_BLOCKS];

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    unsigned i;
    (void)digest_len_bits;
    (void)msg;
    (void)msg_len_bits;
    (void)digest;
    for (i = 0; i < SELF_LIMIT_BLOCKS; i++) {
        void *block = malloc(BLOCK_BYTES);
        if (block == NULL) {
            return -4;
        }
        memset(block, 0xA5, BLOCK_BYTES);
        kept[i] = block;
    }
    return -5;
}
