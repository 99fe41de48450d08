/* Painted measurement stack (painted_stack.h). */
#define _GNU_SOURCE
#include "painted_stack.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#ifndef MAP_STACK
#define MAP_STACK 0
#endif

static ucontext_t caller_context;
static ucontext_t callee_context;

static void paint(unsigned char *from, unsigned char *to)
{
    uint64_t *word = (uint64_t *)(void *)from;
    uint64_t *end = (uint64_t *)(void *)to;
    while (word < end) {
        *word++ = PSTACK_PAINT_WORD;
    }
}

int pstack_create(painted_stack *s, size_t stack_bytes)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t page_bytes = page > 0 ? (size_t)page : 4096;
    void *mapping;
    memset(s, 0, sizeof *s);
    stack_bytes = (stack_bytes + page_bytes - 1) / page_bytes * page_bytes;
    mapping = mmap(NULL, PSTACK_GUARD_BYTES + stack_bytes, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (mapping == MAP_FAILED) {
        return -1;
    }
    s->mapping = mapping;
    s->mapping_bytes = PSTACK_GUARD_BYTES + stack_bytes;
    s->base = s->mapping + PSTACK_GUARD_BYTES;
    s->stack_bytes = stack_bytes;
    if (mprotect(s->base, stack_bytes, PROT_READ | PROT_WRITE) != 0) {
        int saved = errno;
        pstack_destroy(s);
        errno = saved;
        return -1;
    }
    paint(s->base, s->base + stack_bytes);
    return 0;
}

int pstack_run(painted_stack *s, void (*entry)(void))
{
    if (getcontext(&callee_context) != 0) {
        return -1;
    }
    callee_context.uc_stack.ss_sp = s->base;
    callee_context.uc_stack.ss_size = s->stack_bytes;
    callee_context.uc_stack.ss_flags = 0;
    /* When entry returns, execution continues after swapcontext below. */
    callee_context.uc_link = &caller_context;
    makecontext(&callee_context, entry, 0);
    if (swapcontext(&caller_context, &callee_context) != 0) {
        return -1;
    }
    return 0;
}

/* Offset from base of the lowest word that lost the paint (stack_bytes if none). */
static size_t lowest_changed_offset(const painted_stack *s)
{
    const uint64_t *word = (const uint64_t *)(const void *)s->base;
    size_t count = s->stack_bytes / sizeof *word;
    size_t i;
    for (i = 0; i < count; i++) {
        if (word[i] != PSTACK_PAINT_WORD) {
            return i * sizeof *word;
        }
    }
    return s->stack_bytes;
}

size_t pstack_depth_bytes(const painted_stack *s)
{
    return s->stack_bytes - lowest_changed_offset(s);
}

void pstack_repaint(painted_stack *s)
{
    paint(s->base + lowest_changed_offset(s), s->base + s->stack_bytes);
}

void pstack_destroy(painted_stack *s)
{
    if (s->mapping != NULL) {
        munmap(s->mapping, s->mapping_bytes);
    }
    memset(s, 0, sizeof *s);
}
