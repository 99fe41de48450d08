/* libmap_pages.so: maps 3 pages (12288 bytes) anonymously with mmap, writes
 * each, unmaps the middle page, then the other two, then computes the toy
 * hash (toy_hash.h). `memory` must report mmapBytes 12288 and no heap. */
/* MAP_ANONYMOUS is outside POSIX.1-2008: ask glibc for its default set. */
#define _DEFAULT_SOURCE
#include "toy_hash.h"

#include <stddef.h>
#include <sys/mman.h>

#define PAGE_BYTES 4096
#define MAPPED_PAGES 3

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    volatile unsigned char *pages;
    void *mapping = mmap(NULL, MAPPED_PAGES * PAGE_BYTES, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    int i;
    if (mapping == MAP_FAILED) {
        return -3;
    }
    pages = mapping;
    for (i = 0; i < MAPPED_PAGES; i++) {
        pages[i * PAGE_BYTES] = (unsigned char)(i + 1);
    }
    /* A hole first, then the two ends: the driver must subtract all three. */
    if (munmap((unsigned char *)mapping + PAGE_BYTES, PAGE_BYTES) != 0 ||
        munmap(mapping, PAGE_BYTES) != 0 ||
        munmap((unsigned char *)mapping + 2 * PAGE_BYTES, PAGE_BYTES) != 0) {
        return -4;
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
