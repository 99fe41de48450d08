#define _POSIX_C_SOURCE 200809L
#include "out.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define OUT_BUFFER_BYTES (1u << 20)

static unsigned char out_buffer[OUT_BUFFER_BYTES];
/* Bytes of complete lines in out_buffer; read by the crash handler. */
static volatile size_t out_committed_bytes = 0;
static int out_fd = STDOUT_FILENO;
static int out_error = 0;

int out_init(void)
{
    int fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (fd < 0) {
        return -1;
    }
    out_fd = fd;
    /* Candidate output on fd 1 goes to stderr from now on (or nowhere when
     * stderr is closed); the protocol stream stays on out_fd. */
    if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (null_fd < 0 || dup2(null_fd, STDOUT_FILENO) < 0) {
            return -1;
        }
        close(null_fd);
    }
    return 0;
}

static int write_all(int fd, const unsigned char *data, size_t len_bytes)
{
    while (len_bytes > 0) {
        ssize_t n = write(fd, data, len_bytes);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        data += (size_t)n;
        len_bytes -= (size_t)n;
    }
    return 0;
}

int out_flush(void)
{
    size_t pending = out_committed_bytes;
    if (out_error) {
        return -1;
    }
    if (pending == 0) {
        return 0;
    }
    if (write_all(out_fd, out_buffer, pending) != 0) {
        out_error = errno != 0 ? errno : EIO;
        return -1;
    }
    out_committed_bytes = 0;
    return 0;
}

int out_line(const char *line, size_t len_bytes)
{
    size_t used = out_committed_bytes;
    if (out_error) {
        return -1;
    }
    if (len_bytes > OUT_BUFFER_BYTES - used) {
        if (out_flush() != 0) {
            return -1;
        }
        used = 0;
        if (len_bytes > OUT_BUFFER_BYTES) {
            /* A line larger than the buffer (a very long XOF digest). */
            if (write_all(out_fd, (const unsigned char *)line, len_bytes) != 0) {
                out_error = errno != 0 ? errno : EIO;
                return -1;
            }
            return 0;
        }
    }
    memcpy(out_buffer + used, line, len_bytes);
    out_committed_bytes = used + len_bytes;
    return 0;
}

int out_failed(void)
{
    return out_error;
}

void out_flush_from_signal(void)
{
    size_t pending = out_committed_bytes;
    size_t done = 0;
    while (done < pending) {
        ssize_t n = write(out_fd, out_buffer + done, pending - done);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) {
                continue;
            }
            return;
        }
        done += (size_t)n;
    }
    out_committed_bytes = 0;
}

void out_write_from_signal(const char *line, size_t len_bytes)
{
    out_flush_from_signal();
    (void)write_all(out_fd, (const unsigned char *)line, len_bytes);
}
