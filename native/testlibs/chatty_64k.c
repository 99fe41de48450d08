/* libchatty_64k.so: the toy hash, but every call writes 64 KiB of text to
 * stdout and 1 KiB to stderr. Whoever runs it may keep a small tail of that
 * output, never all of it (packages/cli/test/chatty-library.test.ts). */
#define _POSIX_C_SOURCE 200809L
#include "toy_hash.h"

#include <string.h>
#include <unistd.h>

#define STDOUT_BYTES 65536
#define STDERR_BYTES 1024

static void write_all(int fd, const char *text, size_t bytes)
{
    while (bytes > 0) {
        ssize_t n = write(fd, text, bytes);
        if (n <= 0) {
            return;
        }
        text += n;
        bytes -= (size_t)n;
    }
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    static char line[STDOUT_BYTES];
    if (line[0] == '\0') {
        memset(line, 'c', sizeof line);
        line[sizeof line - 1] = '\n';
    }
    write_all(1, line, STDOUT_BYTES);
    write_all(2, line, STDERR_BYTES - 1);
    write_all(2, "\n", 1);
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
