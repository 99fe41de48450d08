/* The CPU features the library sees through CPUID (x86-64), named as Linux's
 * /proc/cpuinfo names them. Under valgrind, CPUID is valgrind's emulation: the
 * features it hides (AVX-512, ...) are missing there, which is how the audit
 * tells that a dispatching library took another path under valgrind. */
#ifndef NGCC_CPU_FEATURES_H
#define NGCC_CPU_FEATURES_H

#include <stddef.h>

/* Writes the space-separated feature names into `out` (empty on other
 * architectures); returns 0 when CPUID was read, -1 when there is none. */
int cpu_features_list(char *out, size_t out_bytes);

#endif
