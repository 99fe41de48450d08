#define _POSIX_C_SOURCE 200809L
#include "frame_reader.h"

#include "out.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

void reader_init(frame_reader *r, int fd)
{
    r->fd = fd;
    r->pos = 0;
    r->end = 0;
}

/* read(2) with EINTR retried. Returns bytes read, 0 at EOF, -1 on error. */
static ssize_t read_some(int fd, unsigned char *dst, size_t n)
{
    for (;;) {
        ssize_t got = read(fd, dst, n);
        if (got >= 0 || errno != EINTR) {
            return got;
        }
    }
}

read_status reader_read_exact(frame_reader *r, unsigned char *dst, size_t n, size_t *got)
{
    size_t done = 0;
    while (done < n) {
        size_t buffered = r->end - r->pos;
        ssize_t fresh;
        if (buffered > 0) {
            size_t take = buffered < n - done ? buffered : n - done;
            memcpy(dst + done, r->buf + r->pos, take);
            r->pos += take;
            done += take;
            continue;
        }
        if (out_flush() != 0) {
            *got = done;
            return READ_OUTPUT_ERROR;
        }
        if (n - done >= sizeof r->buf) {
            /* Large message bodies go straight into the destination. */
            fresh = read_some(r->fd, dst + done, n - done);
            if (fresh > 0) {
                done += (size_t)fresh;
                continue;
            }
        } else {
            fresh = read_some(r->fd, r->buf, sizeof r->buf);
            if (fresh > 0) {
                r->pos = 0;
                r->end = (size_t)fresh;
                continue;
            }
        }
        *got = done;
        return fresh == 0 ? READ_EOF : READ_ERROR;
    }
    *got = done;
    return READ_COMPLETE;
}
