/* `op-time --timeout S` (PROTOCOL.md "Categories"): when the run has not ended S seconds after
 * it was armed (set-up objects, warm-up and timed calls alike; some keygens take minutes), SIGALRM
 * writes the committed lines, an `error` line TIMEOUT (library, category, operation,
 * timeoutSeconds, phase) and a sentence on stderr, and the driver exits with DRV_EXIT_TIMEOUT.
 * `--progress`, or a first call of a second or more, writes one estimate line on stderr after
 * the first call (op_estimate). */
#ifndef NGCC_OP_TIMEOUT_H
#define NGCC_OP_TIMEOUT_H

#include <stdint.h>

/* Arms the alarm (seconds > 0); the strings must stay valid until exit. Returns 0, or -1 when
 * the error line could not be built. */
int op_timeout_arm(uint64_t seconds, const char *library, const char *category, const char *operation);

/* The phase the TIMEOUT line names: "prepare", "warmup", "timed", "warm-check" (static strings). */
void op_timeout_phase(const char *phase);

/* After the first call (first_ns): one line on stderr when `always` or first_ns ≥ 1 s, with the
 * time the remaining `calls` of this run need at that pace. */
void op_estimate(int always, const char *category, const char *operation, uint64_t first_ns, uint64_t calls);

#endif
