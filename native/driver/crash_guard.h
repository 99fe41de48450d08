/* What happens when the library kills the process with a signal
 * (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS).
 *
 * The handler runs on its own stack, writes the complete JSON lines already
 * produced to stdout, one sentence naming the library, the signal and the
 * phase to stderr, then re-raises the signal with its default action, so the
 * caller still sees death by that signal (PROTOCOL.md, "Exit codes"). */
#ifndef NGCC_CRASH_GUARD_H
#define NGCC_CRASH_GUARD_H

#include <stdint.h>

/* Installs the handlers. library_path must stay valid until exit. */
void crash_guard_arm(const char *library_path);

/* Describes what the process is doing, for the stderr sentence: a phase such
 * as "in CryptHash on frame" with an index appended when with_index is
 * non-zero. NULL means "outside the library". The string must be static. */
void crash_guard_set_phase(const char *phase, int with_index);

/* Sets the index reported with the current phase (e.g. the frame index). */
void crash_guard_set_index(uint64_t index);

#endif
