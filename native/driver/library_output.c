#define _GNU_SOURCE
#include "library_output.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define READER_STACK_BYTES 65536
#define CHUNK_BYTES 4096

static int stderr_fd = STDERR_FILENO;
static int read_fd = -1;
static int stop_fds[2] = {-1, -1};
static pthread_t reader;
static volatile int capturing = 0;
static volatile int finished = 0;

/* A ring of the last LIBRARY_OUTPUT_TAIL_BYTES written: `total` bytes seen so far, the newest at
 * (total - 1) % size. Written by the reader thread (or the crash handler once the thread is
 * stopped in its tracks); a torn view in the crash handler can only garble the evidence. */
static unsigned char tail[LIBRARY_OUTPUT_TAIL_BYTES];
static volatile uint64_t total = 0;

static void keep(const unsigned char *data, size_t bytes)
{
    uint64_t at = total;
    size_t i;
    if (bytes > LIBRARY_OUTPUT_TAIL_BYTES) {
        at += bytes - LIBRARY_OUTPUT_TAIL_BYTES;
        data += bytes - LIBRARY_OUTPUT_TAIL_BYTES;
        bytes = LIBRARY_OUTPUT_TAIL_BYTES;
    }
    for (i = 0; i < bytes; i++) {
        tail[(at + i) % LIBRARY_OUTPUT_TAIL_BYTES] = data[i];
    }
    total = at + bytes;
}

/* Reads what the pipe holds now (the read end is non-blocking); 0 at end of file or when empty. */
static void drain(void)
{
    unsigned char chunk[CHUNK_BYTES];
    for (;;) {
        ssize_t n = read(read_fd, chunk, sizeof chunk);
        if (n > 0) {
            keep(chunk, (size_t)n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            return;
        }
    }
}

static void *read_library_output(void *unused)
{
    struct pollfd watched[2];
    (void)unused;
    watched[0].fd = read_fd;
    watched[0].events = POLLIN;
    watched[1].fd = stop_fds[0];
    watched[1].events = POLLIN;
    for (;;) {
        if (poll(watched, 2, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            return NULL;
        }
        drain();
        if (watched[1].revents != 0 || (watched[0].revents & (POLLHUP | POLLERR | POLLNVAL)) != 0) {
            return NULL;
        }
    }
}

int driver_stderr_fd(void)
{
    return stderr_fd;
}

static int discard_stdout(void)
{
    int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null_fd < 0) {
        return -1;
    }
    dup2(null_fd, STDOUT_FILENO);
    close(null_fd);
    return 0;
}

int library_output_capture(void)
{
    int pipe_fds[2];
    pthread_attr_t attributes;
    int own_stderr;
    const char *under_valgrind = getenv("NGCC_PERF_VALGRIND_ACTIVE");
    /* Under valgrind (ct-taint: a few calls) a second thread keeps valgrind from ending a process
     * whose library crashed; the library's stdout stays on stderr there (out_init), whose tail
     * the caller keeps. */
    if (under_valgrind != NULL && strcmp(under_valgrind, "1") == 0) {
        return 0;
    }
    own_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (own_stderr < 0) {
        /* No stderr to keep apart (it is closed): nothing the library writes reaches anyone. */
        return discard_stdout();
    }
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
        close(own_stderr);
        return discard_stdout();
    }
    if (pipe2(stop_fds, O_CLOEXEC) != 0) {
        close(own_stderr);
        close(pipe_fds[0]);
        close(pipe_fds[1]);
        return discard_stdout();
    }
    read_fd = pipe_fds[0];
    fcntl(read_fd, F_SETFL, O_NONBLOCK);
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, READER_STACK_BYTES);
    if (pthread_create(&reader, &attributes, read_library_output, NULL) != 0) {
        pthread_attr_destroy(&attributes);
        close(own_stderr);
        close(pipe_fds[0]);
        close(pipe_fds[1]);
        close(stop_fds[0]);
        close(stop_fds[1]);
        read_fd = -1;
        return discard_stdout();
    }
    pthread_attr_destroy(&attributes);
    stderr_fd = own_stderr;
    dup2(pipe_fds[1], STDOUT_FILENO);
    dup2(pipe_fds[1], STDERR_FILENO);
    close(pipe_fds[1]);
    capturing = 1;
    return 0;
}

void driver_stderr_write(const char *text, size_t bytes)
{
    while (bytes > 0) {
        ssize_t n = write(stderr_fd, text, bytes);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return;
        }
        text += n;
        bytes -= (size_t)n;
    }
}

void driver_stderr_text(const char *text)
{
    driver_stderr_write(text, strlen(text));
}

void driver_stderr_decimal(uint64_t value)
{
    char digits[24];
    size_t at = sizeof digits;
    do {
        digits[--at] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    driver_stderr_write(digits + at, sizeof digits - at);
}

/* Async-signal-safe: the kept tail, after a counting line when bytes were left out. */
static void write_tail(void)
{
    uint64_t seen = total;
    size_t kept = seen < LIBRARY_OUTPUT_TAIL_BYTES ? (size_t)seen : LIBRARY_OUTPUT_TAIL_BYTES;
    size_t start = (size_t)((seen - kept) % LIBRARY_OUTPUT_TAIL_BYTES);
    if (kept == 0) {
        return;
    }
    if (seen > kept) {
        driver_stderr_write("ngcc-perf-driver: the library wrote ", 36);
        driver_stderr_decimal(seen);
        driver_stderr_write(" bytes on stdout and stderr; the first ", 39);
        driver_stderr_decimal(seen - kept);
        driver_stderr_write(" were discarded, the last ", 26);
        driver_stderr_decimal(kept);
        driver_stderr_write(" follow\n", 8);
    }
    if (start + kept <= LIBRARY_OUTPUT_TAIL_BYTES) {
        driver_stderr_write((const char *)tail + start, kept);
    } else {
        driver_stderr_write((const char *)tail + start, LIBRARY_OUTPUT_TAIL_BYTES - start);
        driver_stderr_write((const char *)tail, kept - (LIBRARY_OUTPUT_TAIL_BYTES - start));
    }
    if (tail[(seen - 1) % LIBRARY_OUTPUT_TAIL_BYTES] != '\n') {
        driver_stderr_write("\n", 1);
    }
}

static void stop_capture(void)
{
    int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null_fd >= 0) {
        dup2(null_fd, STDOUT_FILENO);
        dup2(null_fd, STDERR_FILENO);
        close(null_fd);
    }
}

void library_output_finish(void)
{
    if (!capturing || finished) {
        return;
    }
    finished = 1;
    fflush(stdout);
    fflush(stderr);
    stop_capture();
    /* The reader drains the pipe and returns; a copy of the write end the library kept (dup,
     * a child) cannot hold it up. */
    if (write(stop_fds[1], "", 1) == 1) {
        pthread_join(reader, NULL);
    }
    drain();
    write_tail();
}

void library_output_finish_from_signal(void)
{
    if (!capturing || finished) {
        return;
    }
    finished = 1;
    drain();
    write_tail();
}
