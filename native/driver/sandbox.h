/* The sandbox every driver process that runs candidate code lives in
 * (PROTOCOL.md, "Sandbox"): no network, a read-only filesystem except its own
 * scratch folder, no new privileges, a seccomp filter (no new processes, no
 * programs, no sockets, no signals to other processes), resource limits and
 * no core dumps. It is entered at start-up, before the subcommand runs:
 *
 *   - bwrap mode (bubblewrap on PATH): the driver runs itself again under
 *     `bwrap` and waits for that copy, passing signals on, then ends the way
 *     it ended (same exit code, or death by the same signal);
 *   - unshare mode: the driver makes the namespaces and mounts itself;
 *   - off: `--no-sandbox` or NGCC_PERF_NO_SANDBOX=1, with a warning on stderr.
 *
 * NGCC_PERF_SANDBOX=auto|bwrap|unshare|off chooses (auto: bwrap when on
 * PATH and working, else unshare). */
#ifndef NGCC_SANDBOX_H
#define NGCC_SANDBOX_H

#include "json_line.h"

#include <stdint.h>

/* Call first thing in main(), before out_init(): removes --no-sandbox (and
 * the driver's own hidden --sandbox-inner=FD) from argv, then enters the
 * sandbox unless the subcommand runs no candidate code (info, clock-probe,
 * select-counter-selftest, --version, --help) or the sandbox is off.
 * Returns DRV_EXIT_OK to carry on, or an exit code after writing the error
 * line (USAGE for a malformed NGCC_PERF_SANDBOX* variable, IO when the
 * sandbox cannot be entered). In bwrap mode the calling process becomes the
 * monitor and does not return. */
int sandbox_enter(int *argc, char **argv);

/* Async-signal-safe. Call right before the process dies of `sig` (a handler
 * about to re-raise it): inside bwrap it tells the monitor that the end is a
 * real signal, not an exit code 128 + sig (PROTOCOL.md, "Sandbox"); in every
 * other mode it does nothing. */
void sandbox_note_signal_death(int sig);

/* The RLIMIT_AS the sandbox asked for in this process, in bytes
 * (NGCC_PERF_SANDBOX_MEMORY_BYTES, default 4 GiB; the limit in force may be
 * lower when the driver was started with a lower hard limit), or 0 when it set
 * none: the sandbox is off, the subcommand is `kat` (which sets its own) or
 * the variable is 0. For sentences that say how to raise the limit. */
uint64_t sandbox_memory_limit_bytes(void);

/* Adds "sandbox":{...} to an `info` line: the mode a library-running
 * subcommand would get (probed by entering it in a child process), the
 * limits, and why it is off or unavailable. */
void sandbox_describe(json_line *line);

#endif
