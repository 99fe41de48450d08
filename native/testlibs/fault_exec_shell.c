/* libfault_exec_shell.so: on every call tries system() and then execl() of
 * /bin/sh, both writing a marker file "exec-marker" in NGCC_FAULT_DIR. In the
 * sandbox both fail (no new process, no exec) and the call returns the toy
 * hash; a system() that ran returns -8 (CRYPTOFAIL); an execl() that worked
 * replaced the driver (no digests, the marker appears). */
#define _POSIX_C_SOURCE 200809L
#include "fault_env.h"
#include "toy_hash.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    char marker[1024];
    char command[1200];
    int status;
    fault_path("exec-marker", marker, sizeof marker);
    snprintf(command, sizeof command, "echo escaped > '%s'", marker);
    status = system(command);
    if (status == 0) {
        return -8;
    }
    execl("/bin/sh", "sh", "-c", command, (char *)0);
    return toy_hash(digest_len_bits, msg, msg_len_bits, digest);
}
