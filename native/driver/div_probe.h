/* The division probe of `ct-div` (PROTOCOL.md): every div/idiv of the library
 * is replaced by int3 in memory; the SIGTRAP handler records the operands
 * (a running hash and a count per site), performs the division itself on the
 * saved registers and resumes after the instruction. x86-64 Linux only. */
#ifndef NGCC_DIV_PROBE_H
#define NGCC_DIV_PROBE_H

#include <stddef.h>
#include <stdint.h>

#define DIV_PROBE_MAX_SITES 4096

typedef struct {
    uint64_t offset;     /* from the library's load base (objdump's address) */
    int decoded;         /* 1 when the bytes are a div/idiv the probe understands */
    unsigned length;     /* instruction length in bytes */
    uint64_t executions; /* during the current call */
    uint64_t hash;       /* FNV-1a of the operands seen during the current call */
    uint64_t faults;     /* divisions by zero or overflows (natively a SIGFPE) */
} div_site;

/* 1 on x86-64 Linux, where the probe works. */
int div_probe_supported(void);
/* Decodes and patches the sites at base + offset; returns -1 with errno-like text in why. */
int div_probe_install(unsigned char *base, div_site *sites, size_t count, char *why, size_t why_bytes);
/* Clears the per-call counters and hashes. */
void div_probe_reset(void);
/* Puts the original first bytes back (on = 0) or the int3 again (on = 1); -1 when mprotect fails. */
int div_probe_arm(int on);

/* What both forms of `ct-div` (CryptHash, an operation) count per site over their calls: the sites
 * themselves (given to div_probe_install), the executions and operand hash of the first call of
 * the current comparison, whether a later call of it saw others (the site varies), and the
 * executions and faults of every call. */
typedef struct {
    div_site sites[DIV_PROBE_MAX_SITES];
    size_t count;
    uint64_t first_executions[DIV_PROBE_MAX_SITES];
    uint64_t first_hash[DIV_PROBE_MAX_SITES];
    unsigned char varies[DIV_PROBE_MAX_SITES];
    uint64_t total[DIV_PROBE_MAX_SITES];
    uint64_t faults[DIV_PROBE_MAX_SITES];
} div_tally;

/* Empties the tally and puts the sites at `offsets` in it, sorted by offset. */
void div_tally_start(div_tally *t, const uint64_t *offsets, size_t count);
/* Counts the call just made (its sites' executions, hashes and faults, which it clears); `first`:
 * the call every later call of the comparison is compared with. */
void div_tally_add(div_tally *t, int first);
/* Writes one `ct-div-site` line per site, then `end` (PROTOCOL.md "ct-div"). Returns DRV_EXIT_OK,
 * or the exit code after stdout failed. */
int div_tally_print(const div_tally *t);

#endif
