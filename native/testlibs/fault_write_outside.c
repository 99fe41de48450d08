/* libfault_write_outside.so: on every call tries to create "outside-marker"
 * in NGCC_FAULT_DIR (outside the sandbox's scratch folder): success returns
 * -10 (CRYPTOFAIL). It also writes a file in TMPDIR (the scratch folder in the
 * sandbox), which must work: failure there returns -11. Otherwise the toy hash. */
#define _POSIX_C_SOURCE 200809L
#include "fault_env.h"
#include "toy_hash.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int create(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ssize_t written;
    if (fd < 0) {
        return -1;
    }
    written = write(fd, "escaped\n", 8);
    close(fd);
    return written == 8 ? 0 : -1;
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    char path[1024];
    const char *tmp = getenv("TMPDIR");
    if (create(fault_path("outside-marker", path, sizeof path)) == 0) {
        return -10;
    }
    snprintf(path, sizeof path, "%s/inside-scratch", tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
    if (create(path) != 0) {
        return -11;
    }
    unlink(path);
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
