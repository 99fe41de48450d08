/* Worker-thread stacks of the measured call (thread_stacks.h). */
#define _GNU_SOURCE
#include "thread_stacks.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define GUARD_BYTES ((size_t)64 << 10)

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

typedef struct {
    unsigned char *base; /* lowest stack byte, above the guard */
    size_t stack_bytes;
    void *(*start)(void *); /* the library's start routine and its argument */
    void *arg;
    uintptr_t entry_frame; /* frame address of start_on_provided_stack, once the thread ran */
} provided_stack;

static provided_stack stacks[THREAD_STACKS_MAX];
static unsigned stack_count;       /* stacks handed out, all time (never unmapped) */
static unsigned first_measured;    /* first stack of the current measurement */
static int armed;
static uint64_t created;
static uint64_t unmeasured;
static uint64_t overhead_bytes;
static int providing; /* set once the calibration thread ran on a provided stack */
static char table_lock;

static create_fn real_create(void)
{
    static create_fn found;
    if (found == NULL) {
        void *symbol = dlsym(RTLD_NEXT, "pthread_create");
        memcpy(&found, &symbol, sizeof found); /* ISO C has no object-to-function pointer cast */
    }
    return found;
}

static void lock_table(void)
{
    while (__atomic_test_and_set(&table_lock, __ATOMIC_ACQUIRE)) {
        sched_yield();
    }
}

static void unlock_table(void)
{
    __atomic_clear(&table_lock, __ATOMIC_RELEASE);
}

/* Maps guard + stack with the system call itself, so that the mmap tracker does not count it. */
static provided_stack *map_stack(size_t stack_bytes)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t page_bytes = page > 0 ? (size_t)page : 4096;
    long mapping;
    provided_stack *s = NULL;
    stack_bytes = (stack_bytes + page_bytes - 1) / page_bytes * page_bytes;
    mapping = syscall(SYS_mmap, NULL, GUARD_BYTES + stack_bytes, (long)(PROT_READ | PROT_WRITE),
                      (long)(MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK), -1L, 0L);
    if (mapping == -1) {
        return NULL;
    }
    syscall(SYS_mprotect, mapping, GUARD_BYTES, (long)PROT_NONE);
    lock_table();
    if (stack_count < THREAD_STACKS_MAX) {
        s = &stacks[stack_count++];
        s->base = (unsigned char *)mapping + GUARD_BYTES;
        s->stack_bytes = stack_bytes;
    }
    unlock_table();
    if (s == NULL) {
        syscall(SYS_munmap, mapping, GUARD_BYTES + stack_bytes);
    }
    return s;
}

/* Runs the library's start routine, after noting where its frames begin. */
static void *start_on_provided_stack(void *slot)
{
    provided_stack *s = slot;
    __atomic_store_n(&s->entry_frame, (uintptr_t)__builtin_frame_address(0), __ATOMIC_RELEASE);
    return s->start(s->arg);
}

/* Bytes from where the start routine's frames begin (the top when the thread
 * never ran) down to the lowest non-zero word; the bytes above that point
 * (glibc's descriptor, static TLS, its start frame) in *above. */
static uint64_t depth_bytes(const provided_stack *s, uint64_t *above)
{
    const uint64_t *word = (const uint64_t *)(const void *)s->base;
    uintptr_t top = (uintptr_t)(s->base + s->stack_bytes);
    uintptr_t entry = __atomic_load_n(&s->entry_frame, __ATOMIC_ACQUIRE);
    size_t count = s->stack_bytes / sizeof *word;
    size_t i;
    if (entry == 0 || entry > top || entry < (uintptr_t)s->base) {
        entry = top;
    }
    *above = (uint64_t)(top - entry);
    for (i = 0; i < count; i++) {
        if (word[i] != 0) {
            uintptr_t lowest = (uintptr_t)&word[i];
            return lowest < entry ? (uint64_t)(entry - lowest) : 0;
        }
    }
    return 0;
}

/* The caller's attributes on a new attribute object, with the provided stack. */
static int attributes_with_stack(const pthread_attr_t *given, pthread_attr_t *own, provided_stack **s)
{
    size_t stack_bytes = 0;
    int value;
    struct sched_param param;
    *s = NULL;
    if (given != NULL) {
        void *low = NULL;
        size_t size = 0;
        /* glibc gives the set stack address minus the size: 0 in all when no stack was set. */
        if (pthread_attr_getstack(given, &low, &size) == 0 && (uintptr_t)low + size != 0) {
            return -1; /* the library provides the stack: leave it alone */
        }
        pthread_attr_getstacksize(given, &stack_bytes);
    } else {
        pthread_attr_t defaults;
        if (pthread_getattr_default_np(&defaults) == 0) {
            pthread_attr_getstacksize(&defaults, &stack_bytes);
            pthread_attr_destroy(&defaults);
        }
    }
    if (stack_bytes < (size_t)PTHREAD_STACK_MIN) {
        stack_bytes = (size_t)8 << 20;
    }
    if (pthread_attr_init(own) != 0) {
        return -1;
    }
    if (given != NULL) {
        if (pthread_attr_getdetachstate(given, &value) == 0) pthread_attr_setdetachstate(own, value);
        if (pthread_attr_getscope(given, &value) == 0) pthread_attr_setscope(own, value);
        if (pthread_attr_getinheritsched(given, &value) == 0) pthread_attr_setinheritsched(own, value);
        if (pthread_attr_getschedpolicy(given, &value) == 0) pthread_attr_setschedpolicy(own, value);
        if (pthread_attr_getschedparam(given, &param) == 0) pthread_attr_setschedparam(own, &param);
    }
    *s = map_stack(stack_bytes);
    if (*s == NULL || pthread_attr_setstack(own, (*s)->base, (*s)->stack_bytes) != 0) {
        pthread_attr_destroy(own);
        return -1;
    }
    return 0;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg)
{
    pthread_attr_t own;
    provided_stack *s = NULL;
    int result;
    create_fn create = real_create();
    if (create == NULL) {
        return EAGAIN;
    }
    if (!__atomic_load_n(&armed, __ATOMIC_ACQUIRE)) {
        return create(thread, attr, start, arg);
    }
    if (!providing || attributes_with_stack(attr, &own, &s) != 0) {
        result = create(thread, attr, start, arg);
        if (result == 0) {
            __atomic_add_fetch(&created, 1, __ATOMIC_RELAXED);
            __atomic_add_fetch(&unmeasured, 1, __ATOMIC_RELAXED);
        }
        return result;
    }
    s->start = start;
    s->arg = arg;
    result = create(thread, &own, start_on_provided_stack, s);
    pthread_attr_destroy(&own);
    if (result == 0) {
        __atomic_add_fetch(&created, 1, __ATOMIC_RELAXED);
    }
    return result;
}

static void *empty_thread(void *arg)
{
    return arg;
}

int thread_stacks_calibrate(void)
{
    pthread_t thread;
    thread_stack_figures f;
    int result;
    if (real_create() == NULL) {
        errno = ENOSYS;
        return -1;
    }
    providing = 1;
    thread_stacks_arm();
    result = pthread_create(&thread, NULL, empty_thread, NULL);
    if (result == 0) {
        result = pthread_join(thread, NULL);
    }
    thread_stacks_disarm(&f);
    if (result != 0 || f.threads_unmeasured != 0 || !f.has_high_water) {
        providing = 0;
        overhead_bytes = 0;
        errno = result != 0 ? result : EAGAIN;
        return -1;
    }
    return 0;
}

void thread_stacks_arm(void)
{
    lock_table();
    first_measured = stack_count;
    created = 0;
    unmeasured = 0;
    unlock_table();
    __atomic_store_n(&armed, 1, __ATOMIC_RELEASE);
}

void thread_stacks_disarm(thread_stack_figures *f)
{
    unsigned i;
    __atomic_store_n(&armed, 0, __ATOMIC_RELEASE);
    memset(f, 0, sizeof *f);
    lock_table();
    f->threads_created = created;
    f->threads_unmeasured = unmeasured;
    for (i = first_measured; i < stack_count; i++) {
        uint64_t above = 0;
        uint64_t depth = depth_bytes(&stacks[i], &above);
        if (!f->has_high_water || depth > f->high_water_bytes) {
            f->high_water_bytes = depth;
        }
        if (above > overhead_bytes) {
            overhead_bytes = above;
        }
        f->has_high_water = 1;
    }
    unlock_table();
    f->overhead_bytes = overhead_bytes;
    f->provided = providing;
}
