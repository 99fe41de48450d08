/* Instructions retired by one CryptHash call (PROTOCOL.md, `count`), from one
 * of two sources:
 *   - `pmu-instructions`: perf_event PERF_COUNT_HW_INSTRUCTIONS, user mode
 *     only, this process, read with read() right before and right after the
 *     call;
 *   - `valgrind`: callgrind's event Ir while the driver runs under callgrind
 *     with collection off; collection is switched on for the call alone, and
 *     each call's count is dumped as one part of callgrind's output, which
 *     callgrind appends to descriptor INSTR_CALLGRIND_FD: an anonymous memory
 *     file (memfd) the driver put there, from which it reads the part's
 *     `summary:` line back.
 * Both count the same few instructions of the driver around the call; the
 * caller subtracts them with the same measurement of an empty function. */
#ifndef NGCC_INSTRUCTION_COUNTER_H
#define NGCC_INSTRUCTION_COUNTER_H
#include "library.h"

#include <stddef.h>
#include <stdint.h>

/* The descriptor callgrind writes its dumps to (`--callgrind-out-file=/proc/self/fd/200`, set by
 * sandbox_valgrind.c); below the sandbox's limit of open files. */
#define INSTR_CALLGRIND_FD 200
#define INSTR_CALLGRIND_OUT_OPTION "--callgrind-out-file=/proc/self/fd/200"

typedef enum { INSTR_SOURCE_PMU, INSTR_SOURCE_VALGRIND } instr_source;

typedef struct {
    instr_source source;
    int pmu_fd;
    /* valgrind: bytes of the dump file already read. */
    uint64_t dump_offset;
} instr_counter;

/* The source's name in the protocol: "pmu-instructions" or "valgrind". */
const char *instr_source_name(instr_source source);

/* Opens the source. Returns 0, or -1 with the reason in `why` (no PMU event,
 * not running under callgrind, driver built without <valgrind/callgrind.h>). */
int instr_counter_open(instr_counter *c, instr_source source, char *why, size_t why_bytes);

/* Calls fn once with the counting on. `label` names the callgrind dump part
 * ("ngcc-count library 0"); *instructions is the difference of the two PMU
 * reads, or the part's `summary:` under valgrind. Returns fn's return value;
 * *read_failed is set when the figure could not be read. */
int instr_counter_call(instr_counter *c, crypt_hash_fn fn, int digest_bits, const unsigned char *msg,
                       unsigned long long msg_bits, unsigned char *digest, const char *label,
                       uint64_t *instructions, int *read_failed);

void instr_counter_close(instr_counter *c);

#endif
