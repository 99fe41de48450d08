/* Pinning the driver to one CPU before anything is measured (time, memory, clock-probe). */
#ifndef NGCC_CPU_PIN_H
#define NGCC_CPU_PIN_H

/* Pins this process to `cpu` with sched_setaffinity. Returns DRV_EXIT_OK, or DRV_EXIT_USAGE
 * after writing the USAGE error line (naming `subcommand` and the CPU) and its sentence. */
int pin_to_cpu(const char *subcommand, int cpu);

#endif
