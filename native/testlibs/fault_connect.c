/* libfault_connect.so: on every call tries a TCP connection to
 * 127.0.0.1:NGCC_FAULT_PORT and sends "escaped". In the sandbox socket() is
 * refused (and the network namespace has no such listener anyway): the call
 * returns the toy hash. A connection that worked returns -9 (CRYPTOFAIL). */
#define _POSIX_C_SOURCE 200809L
#include "fault_env.h"
#include "toy_hash.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    struct sockaddr_in address;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd >= 0) {
        memset(&address, 0, sizeof address);
        address.sin_family = AF_INET;
        address.sin_port = htons((unsigned short)fault_port());
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(fd, (const struct sockaddr *)&address, sizeof address) == 0) {
            ssize_t sent = write(fd, "escaped\n", 8);
            (void)sent;
            close(fd);
            return -9;
        }
        close(fd);
    }
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
