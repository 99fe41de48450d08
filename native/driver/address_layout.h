/* The address-space layout of a `time` process: randomized (ASLR) or fixed.
 * `time --fixed-layout` re-executes the driver once with the personality flag
 * ADDR_NO_RANDOMIZE, so every trial process places its stack, heap, the
 * library and the buffers at the same addresses (cache-set and alias effects
 * that differ from process to process then stay the same). */
#ifndef NGCC_ADDRESS_LAYOUT_H
#define NGCC_ADDRESS_LAYOUT_H

/* When argv is `time ... --fixed-layout ...` and ADDR_NO_RANDOMIZE is not set
 * yet: sets it and execs /proc/self/exe with the same argv (no return on
 * success). Returns DRV_EXIT_OK otherwise, DRV_EXIT_USAGE when the kernel cleared the flag
 * again at exec (bwrap starting the driver as root), or DRV_EXIT_IO (said on stderr). */
int address_layout_fix_if_asked(int argc, char **argv);

/* "fixed" (ADDR_NO_RANDOMIZE set, or kernel.randomize_va_space = 0) or "randomized". */
const char *address_layout_name(void);

#endif
