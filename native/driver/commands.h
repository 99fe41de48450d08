/* The driver's subcommands (PROTOCOL.md). Each takes the arguments after the
 * subcommand name and returns the process exit code (exit_codes.h). */
#ifndef NGCC_COMMANDS_H
#define NGCC_COMMANDS_H

#ifndef NGCC_DRIVER_VERSION
#define NGCC_DRIVER_VERSION "0.1.0"
#endif

int cmd_info(int argc, char **argv);
int cmd_hash(int argc, char **argv);
int cmd_time(int argc, char **argv);
int cmd_version(void);

#endif
