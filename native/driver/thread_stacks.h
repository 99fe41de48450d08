/* Stacks of the threads a library starts during the memory measurement call
 * (PROTOCOL.md, `memory`: threadsCreated, workerStackHighWaterBytes).
 *
 * The driver defines pthread_create (exported with the allocator, see
 * heap_tracker.dynlist). Outside the measurement it only forwards to glibc's.
 * While armed, a thread the library starts without a stack of its own runs on
 * a fresh anonymous mapping of the size it asked for (glibc's default
 * otherwise) with a PROT_NONE guard region below: untouched pages of such a
 * mapping read as zero and are not resident, so the figures of resident
 * memory stay what glibc's own stacks would give. After the call, the lowest
 * non-zero word of each mapping gives that thread's depth (a deepest word
 * written with zero is not counted, as with the painted stack), counted from
 * where the thread's start routine begins: glibc keeps the thread's
 * descriptor and static TLS at the top of a stack it is given, and those
 * bytes above the start routine are reported apart (the overhead). */
#ifndef NGCC_THREAD_STACKS_H
#define NGCC_THREAD_STACKS_H

#include <stdint.h>

/* Most threads whose stacks are provided per process; later ones run on glibc's stacks, unmeasured. */
#define THREAD_STACKS_MAX 64u

typedef struct {
    uint64_t threads_created;   /* pthread_create calls that succeeded while armed */
    uint64_t threads_unmeasured; /* of those, threads on a stack of their own or beyond the table */
    int has_high_water;          /* 1 when at least one thread was measured */
    uint64_t high_water_bytes;   /* deepest thread, from its start routine down */
    uint64_t overhead_bytes;     /* largest share above a start routine (descriptor, TLS, glibc's frame) */
    int provided;                /* 0 when the calibration failed: every thread is unmeasured */
} thread_stack_figures;

/* Creates one empty thread on a provided stack, to check that stacks can be
 * provided. Returns 0, or -1 with errno set: then no stack is provided and
 * every thread counts as unmeasured. */
int thread_stacks_calibrate(void);

/* Starts providing stacks and counting threads (the figures start at zero). */
void thread_stacks_arm(void);

/* Stops providing stacks and reads every provided stack's depth. */
void thread_stacks_disarm(thread_stack_figures *f);

#endif
