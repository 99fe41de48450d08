/* The driver's subcommands (PROTOCOL.md). Each takes the arguments after the
 * subcommand name and returns the process exit code (exit_codes.h). */
#ifndef NGCC_COMMANDS_H
#define NGCC_COMMANDS_H

#ifndef NGCC_DRIVER_VERSION
#define NGCC_DRIVER_VERSION "0.1.0"
/* The category-generic commands (ngcc_category.h, PROTOCOL.md "Categories"): the categories the
 * driver knows, one timing trial of any category's operation, one KAT file's records. */
int cmd_categories(int argc, char **argv);
int cmd_op_time(int argc, char **argv);
int cmd_op_kat(int argc, char **argv);
/* The memory of one call of any category's operation (cmd_op_memory.c). */
int cmd_op_memory(int argc, char **argv);

#endif

int cmd_info(int argc, char **argv);
int cmd_hash(int argc, char **argv);
int cmd_time(int argc, char **argv);
int cmd_memory(int argc, char **argv);
int cmd_version(void);
/* Counter probing (cmd_clock_probe.c) and the selection test hook (cmd_counter_selftest.c). */
int cmd_clock_probe(int argc, char **argv);
int cmd_counter_selftest(int argc, char **argv);
/* Test hook: the seccomp filter's system calls with this architecture's numbers (sandbox_seccomp.c). */
int cmd_seccomp_table(int argc, char **argv);
/* One NGCC hash KAT file generated and hashed inside the driver (cmd_kat.c). */
int cmd_kat(int argc, char **argv);
/* The official KAT file of a KEM, signature or key-exchange instance (pk/cmd_pk_kat.c). */
int cmd_pk_kat(int argc, char **argv);
/* The constant-time audit (cmd_ct_taint.c under valgrind memcheck, cmd_ct_time.c). When the
 * driver was built without <valgrind/memcheck.h>, cmd_ct_taint reports UNSUPPORTED. */
int cmd_ct_taint(int argc, char **argv);
int cmd_ct_time(int argc, char **argv);
/* The division probe: are a division's operands message-derived? (cmd_ct_div.c, div_probe.c) */
int cmd_ct_div(int argc, char **argv);
/* The calls of the ICCS primitives in a public-key operation and their share of its ticks (cmd_op_profile.c). */
int cmd_op_profile(int argc, char **argv);
/* Their operation form (`--category`, ct_op.h): an operation of a public-key category with its
 * secret buffers audited (cmd_ct_op_taint.c, cmd_ct_op_div.c, cmd_ct_op_time.c). */
int cmd_ct_op_taint(int argc, char **argv);
int cmd_ct_op_div(int argc, char **argv);
int cmd_ct_op_time(int argc, char **argv);
/* Instructions per CryptHash call, from the PMU or under callgrind (cmd_count.c). */
int cmd_count(int argc, char **argv);

/* The category-generic commands (ngcc_category.h, PROTOCOL.md "Categories"): the categories the
 * driver knows, one timing trial of any category's operation, one KAT file's records. */
int cmd_categories(int argc, char **argv);
int cmd_op_time(int argc, char **argv);
int cmd_op_kat(int argc, char **argv);
/* The memory of one call of any category's operation (cmd_op_memory.c). */
int cmd_op_memory(int argc, char **argv);

#endif
