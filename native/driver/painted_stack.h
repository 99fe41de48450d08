/* A dedicated, painted stack for one call, to measure its stack high-water
 * mark (PROTOCOL.md, `memory`).
 *
 * The stack is an anonymous mapping with a PROT_NONE guard region of
 * PSTACK_GUARD_BYTES below it (so a frame that jumps past the bottom still
 * faults: SIGSEGV, which the crash guard reports). Every 8-byte word is
 * painted with PSTACK_PAINT_WORD; the call runs on it through ucontext
 * (getcontext/makecontext/swapcontext: dropped from POSIX.1-2008 but kept by
 * glibc and musl); afterwards the lowest word that no longer holds the paint
 * gives the depth. A word the call wrote with exactly the paint value, or
 * never wrote at all (a reserved but untouched array), is not counted. */
#ifndef NGCC_PAINTED_STACK_H
#define NGCC_PAINTED_STACK_H

#include <stddef.h>
#include <stdint.h>

#define PSTACK_DEFAULT_BYTES ((size_t)8 << 20)
#define PSTACK_GUARD_BYTES ((size_t)1 << 20)
#define PSTACK_PAINT_WORD UINT64_C(0x5A17C0DE3C5AA5C3)

typedef struct {
    unsigned char *mapping; /* guard region, then the stack */
    size_t mapping_bytes;
    unsigned char *base;    /* lowest stack byte, right above the guard */
    size_t stack_bytes;     /* a multiple of the page size */
} painted_stack;

/* Maps and paints a stack of stack_bytes (rounded up to whole pages).
 * Returns 0, or -1 with errno set. */
int pstack_create(painted_stack *s, size_t stack_bytes);

/* Runs entry() on the stack and returns when it returns. Returns 0, or -1
 * with errno set when the context could not be made. */
int pstack_run(painted_stack *s, void (*entry)(void));

/* Bytes from the top of the stack down to the lowest changed word. */
size_t pstack_depth_bytes(const painted_stack *s);

/* Paints again what the last run changed, ready for another run. */
void pstack_repaint(painted_stack *s);

void pstack_destroy(painted_stack *s);

#endif
