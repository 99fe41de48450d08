/* x86-64 decoding of DIV/IDIV r/m (opcodes F6 /6 /7 and F7 /6 /7, Intel SDM
 * vol. 2A) and their emulation on a ucontext; the per-site tally both forms of ct-div print. */
#define _GNU_SOURCE
#include "div_probe.h"

#include "exit_codes.h"
#include "json_line.h"
#include "report.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__linux__)
#include <ucontext.h>

/* GCC's 128-bit integers hold the double-width dividend (x86's RDX:RAX). */
__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 s128;

typedef struct {
    unsigned char original;
    int width;      /* operand bytes: 1, 2, 4, 8 */
    int is_signed;
    int reg;        /* divisor register (0-15), or -1 for memory */
    int high_byte;  /* ah/ch/dh/bh (no REX, reg 4-7, width 1) */
    int base;       /* memory: base register or -1; 16 = RIP */
    int index;      /* memory: index register or -1 */
    int scale;
    int64_t disp;
} div_form;

static const int GREG[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                             REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

static div_site *g_sites;
static div_form g_forms[DIV_PROBE_MAX_SITES];
static size_t g_count;
static unsigned char *g_base;

int div_probe_supported(void)
{
    return 1;
}

/* Returns the instruction length, or 0 when it is not a div/idiv this decoder handles. */
static unsigned decode(const unsigned char *p, div_form *f)
{
    const unsigned char *start = p;
    int opsize16 = 0;
    unsigned rex = 0;
    unsigned modrm;
    unsigned mod;
    unsigned rm;
    memset(f, 0, sizeof *f);
    f->base = -1;
    f->index = -1;
    f->scale = 1;
    while (*p == 0x66 || *p == 0x2E || *p == 0x3E || *p == 0x26 || *p == 0x36) {
        opsize16 |= *p == 0x66;
        p++;
    }
    if ((*p & 0xF0) == 0x40) {
        rex = *p++;
    }
    if (*p != 0xF6 && *p != 0xF7) {
        return 0;
    }
    f->width = *p == 0xF6 ? 1 : (rex & 8) ? 8 : opsize16 ? 2 : 4;
    p++;
    modrm = *p++;
    mod = modrm >> 6;
    rm = modrm & 7;
    if (((modrm >> 3) & 7) < 6) {
        return 0;
    }
    f->is_signed = ((modrm >> 3) & 7) == 7;
    if (mod == 3) {
        f->reg = (int)(rm | ((rex & 1) << 3));
        f->high_byte = f->width == 1 && rex == 0 && rm >= 4;
        if (f->high_byte) {
            f->reg = (int)rm - 4;
        }
        return (unsigned)(p - start);
    }
    f->reg = -1;
    if (rm == 4) {
        unsigned sib = *p++;
        unsigned index = ((sib >> 3) & 7) | ((rex & 2) << 2);
        f->scale = 1 << (sib >> 6);
        f->index = index == 4 ? -1 : (int)index;
        if ((sib & 7) == 5 && mod == 0) {
            int32_t d;
            memcpy(&d, p, 4);
            f->disp = d;
            return (unsigned)(p + 4 - start);
        }
        f->base = (int)((sib & 7) | ((rex & 1) << 3));
    } else if (rm == 5 && mod == 0) {
        int32_t d;
        memcpy(&d, p, 4);
        f->disp = d;
        f->base = 16;
        return (unsigned)(p + 4 - start);
    } else {
        f->base = (int)(rm | ((rex & 1) << 3));
    }
    if (mod == 1) {
        f->disp = (int8_t)*p++;
    } else if (mod == 2) {
        int32_t d;
        memcpy(&d, p, 4);
        f->disp = d;
        p += 4;
    }
    return (unsigned)(p - start);
}

static uint64_t fnv(uint64_t h, uint64_t value)
{
    int i;
    for (i = 0; i < 8; i++) {
        h ^= (value >> (8 * i)) & 0xFF;
        h *= 0x100000001B3ULL;
    }
    return h;
}

static uint64_t read_divisor(const div_form *f, const div_site *s, greg_t *g)
{
    uint64_t value = 0;
    if (f->reg >= 0) {
        value = (uint64_t)g[GREG[f->reg]];
        value = f->high_byte ? value >> 8 : value;
    } else {
        uint64_t address = (uint64_t)f->disp;
        if (f->base == 16) {
            address += (uint64_t)(g_base + s->offset + s->length);
        } else if (f->base >= 0) {
            address += (uint64_t)g[GREG[f->base]];
        }
        if (f->index >= 0) {
            address += (uint64_t)g[GREG[f->index]] * (uint64_t)f->scale;
        }
        memcpy(&value, (const void *)address, (size_t)f->width);
    }
    return f->width == 8 ? value : value & ((1ULL << (8 * f->width)) - 1);
}

/* Performs the division on the saved registers; returns 0, or 1 for a #DE (zero or overflow). */
static int emulate(const div_form *f, greg_t *g, uint64_t divisor)
{
    uint64_t rax = (uint64_t)g[REG_RAX];
    uint64_t rdx = (uint64_t)g[REG_RDX];
    int w = f->width;
    unsigned bits = 8u * (unsigned)w;
    uint64_t mask = w == 8 ? ~0ULL : (1ULL << bits) - 1;
    u128 udividend;
    s128 sdividend;
    uint64_t q;
    uint64_t r;
    if (divisor == 0) {
        return 1;
    }
    if (w == 1) {
        udividend = rax & 0xFFFF;
        sdividend = (int16_t)(rax & 0xFFFF);
    } else {
        udividend = ((u128)(rdx & mask) << bits) | (rax & mask);
        sdividend = (s128)(udividend << (128 - 2 * bits)) >> (128 - 2 * bits);
    }
    if (f->is_signed) {
        s128 d = (s128)((int64_t)(divisor << (64 - bits)) >> (64 - bits));
        s128 limit = (s128)1 << (bits - 1);
        s128 sq;
        if (d == -1 && sdividend <= -limit) {
            return 1; /* the quotient does not fit (and -MIN would overflow here too) */
        }
        sq = sdividend / d;
        if (sq >= limit || sq < -limit) {
            return 1;
        }
        q = (uint64_t)sq & mask;
        r = (uint64_t)(sdividend % d) & mask;
    } else {
        u128 uq = udividend / divisor;
        if (uq > mask) {
            return 1;
        }
        q = (uint64_t)uq;
        r = (uint64_t)(udividend % divisor);
    }
    if (w == 1) {
        g[REG_RAX] = (greg_t)((rax & ~0xFFFFULL) | (r << 8) | q);
    } else if (w == 2) {
        g[REG_RAX] = (greg_t)((rax & ~0xFFFFULL) | q);
        g[REG_RDX] = (greg_t)((rdx & ~0xFFFFULL) | r);
    } else {
        g[REG_RAX] = (greg_t)q; /* 32-bit results zero-extend, as the CPU does */
        g[REG_RDX] = (greg_t)r;
    }
    return 0;
}

static void on_trap(int sig, siginfo_t *info, void *context)
{
    ucontext_t *uc = context;
    greg_t *g = uc->uc_mcontext.gregs;
    uint64_t offset = (uint64_t)g[REG_RIP] - 1 - (uint64_t)g_base;
    size_t lo = 0;
    size_t hi = g_count;
    (void)info;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (g_sites[mid].offset < offset) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (lo < g_count && g_sites[lo].offset == offset && g_sites[lo].decoded) {
        div_site *s = &g_sites[lo];
        const div_form *f = &g_forms[lo];
        uint64_t divisor = read_divisor(f, s, g);
        uint64_t dividend_low = (uint64_t)g[REG_RAX];
        uint64_t dividend_high = f->width == 1 ? 0 : (uint64_t)g[REG_RDX];
        uint64_t mask = f->width == 8 ? ~0ULL : (1ULL << (8 * f->width)) - 1;
        s->hash = fnv(fnv(fnv(s->hash, dividend_low & (f->width == 1 ? 0xFFFF : mask)), dividend_high & mask), divisor);
        s->executions++;
        s->faults += (uint64_t)emulate(f, g, divisor);
        g[REG_RIP] = (greg_t)((uint64_t)g_base + s->offset + s->length);
        return;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

int div_probe_install(unsigned char *base, div_site *sites, size_t count, char *why, size_t why_bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    struct sigaction action;
    size_t i;
    g_base = base;
    g_sites = sites;
    g_count = count;
    for (i = 0; i < count; i++) {
        unsigned char *at = base + sites[i].offset;
        unsigned char *first = (unsigned char *)((uintptr_t)at & ~(uintptr_t)(page - 1));
        sites[i].length = decode(at, &g_forms[i]);
        sites[i].decoded = sites[i].length != 0;
        if (!sites[i].decoded) {
            continue;
        }
        g_forms[i].original = *at;
        if (mprotect(first, page, PROT_READ | PROT_WRITE | PROT_EXEC) != 0) {
            snprintf(why, why_bytes, "mprotect of the library's code failed");
            return -1;
        }
        *at = 0xCC;
        (void)mprotect(first, page, PROT_READ | PROT_EXEC);
    }
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_trap;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGTRAP, &action, NULL) != 0) {
        snprintf(why, why_bytes, "sigaction(SIGTRAP) failed");
        return -1;
    }
    return 0;
}

void div_probe_reset(void)
{
    size_t i;
    for (i = 0; i < g_count; i++) {
        g_sites[i].executions = 0;
        g_sites[i].hash = 0xCBF29CE484222325ULL;
    }
}

int div_probe_arm(int on)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t i;
    for (i = 0; i < g_count; i++) {
        unsigned char *at = g_base + g_sites[i].offset;
        unsigned char *first = (unsigned char *)((uintptr_t)at & ~(uintptr_t)(page - 1));
        if (!g_sites[i].decoded) {
            continue;
        }
        if (mprotect(first, page, PROT_READ | PROT_WRITE | PROT_EXEC) != 0) {
            return -1;
        }
        *at = on ? 0xCC : g_forms[i].original;
        (void)mprotect(first, page, PROT_READ | PROT_EXEC);
    }
    return 0;
}
#else
int div_probe_supported(void)
{
    return 0;
}

int div_probe_install(unsigned char *base, div_site *sites, size_t count, char *why, size_t why_bytes)
{
    (void)base;
    (void)sites;
    (void)count;
    snprintf(why, why_bytes, "the division probe needs x86-64 Linux");
    return -1;
}

void div_probe_reset(void)
{
}

int div_probe_arm(int on)
{
    (void)on;
    return -1;
}
#endif

static int by_offset(const void *a, const void *b)
{
    uint64_t x = ((const div_site *)a)->offset;
    uint64_t y = ((const div_site *)b)->offset;
    return x < y ? -1 : x > y;
}

void div_tally_start(div_tally *t, const uint64_t *offsets, size_t count)
{
    size_t i;
    memset(t, 0, sizeof *t);
    t->count = count;
    for (i = 0; i < count; i++) {
        t->sites[i].offset = offsets[i];
    }
    qsort(t->sites, count, sizeof t->sites[0], by_offset);
}

void div_tally_add(div_tally *t, int first)
{
    size_t i;
    for (i = 0; i < t->count; i++) {
        div_site *s = &t->sites[i];
        t->total[i] += s->executions;
        t->faults[i] += s->faults;
        s->faults = 0;
        if (first) {
            t->first_executions[i] = s->executions;
            t->first_hash[i] = s->hash;
        } else if (t->first_executions[i] != s->executions || t->first_hash[i] != s->hash) {
            t->varies[i] = 1;
        }
    }
}

int div_tally_print(const div_tally *t)
{
    json_line line = {0};
    size_t i;
    int code;
    if (jl_reserve(&line, 512) != 0) {
        return report_stdout_failure();
    }
    for (i = 0; i < t->count; i++) {
        char address[32];
        snprintf(address, sizeof address, "0x%" PRIx64, t->sites[i].offset);
        jl_begin(&line, "ct-div-site");
        jl_str(&line, "address", address);
        jl_bool(&line, "decoded", t->sites[i].decoded);
        jl_u64(&line, "executions", t->total[i]);
        jl_bool(&line, "varies", t->varies[i]);
        jl_u64(&line, "faults", t->faults[i]);
        if (jl_emit(&line) != 0) {
            jl_free(&line);
            return report_stdout_failure();
        }
    }
    jl_begin(&line, "end");
    jl_u64(&line, "count", (uint64_t)t->count);
    code = jl_emit(&line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
    jl_free(&line);
    return code;
}
