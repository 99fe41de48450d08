/* Where the escape-attempt libraries (fault_*.c) aim, from the environment the
 * test gives the driver: NGCC_FAULT_PORT (a TCP port on 127.0.0.1 with a
 * listener that must see no connection) and NGCC_FAULT_DIR (a folder outside
 * the sandbox's scratch in which no file may appear). The fault_*_nth.c
 * libraries misbehave on one call only: call number NGCC_FAULT_NTH. */
#ifndef NGCC_TESTLIB_FAULT_ENV_H
#define NGCC_TESTLIB_FAULT_ENV_H

#include <stdio.h>
#include <stdlib.h>

#if defined(__GNUC__)
#define FAULT_MAYBE_UNUSED __attribute__((unused))
#else
#define FAULT_MAYBE_UNUSED
#endif

/* NGCC_FAULT_DIR joined with `name` (default folder /tmp). */
FAULT_MAYBE_UNUSED static const char *fault_path(const char *name, char *out, size_t out_bytes)
{
    const char *dir = getenv("NGCC_FAULT_DIR");
    snprintf(out, out_bytes, "%s/%s", dir != NULL && *dir != '\0' ? dir : "/tmp", name);
    return out;
}

/* NGCC_FAULT_PORT, default 9 (discard). */
FAULT_MAYBE_UNUSED static int fault_port(void)
{
    const char *text = getenv("NGCC_FAULT_PORT");
    int port = text != NULL ? atoi(text) : 0;
    return port > 0 && port < 65536 ? port : 9;
}

/* 1 on the NGCC_FAULT_NTH-th call of this library (counted from 1 over the
 * whole process; default 14), else 0. Call it once per CryptHash call. */
FAULT_MAYBE_UNUSED static int fault_is_nth_call(void)
{
    static unsigned long calls = 0;
    static unsigned long nth = 0;
    if (nth == 0) {
        const char *text = getenv("NGCC_FAULT_NTH");
        long n = text != NULL ? atol(text) : 0;
        nth = n > 0 ? (unsigned long)n : 14;
    }
    calls++;
    return calls == nth;
}

#endif
