import type { Command } from 'commander';
import { CT_VERDICT_EXIT_CODES, describeCtResult, RUN_CT_DEFAULTS, runCt } from '@ngcc-perf/ct';
import type { CommandContext } from '../command-context.js';
import { parseInteger, parsePositiveNumber, parseSizeList } from '../parse-options.js';

interface CtFlags {
  digestBits: string;
  bytes?: string;
  timingMs: string;
  timing: boolean;
  timeout: string;
  json?: boolean;
}

/** `ngcc-perf ct LIB --digest-bits N [--bytes LIST] [--json]`: exit 0 constant-time, 1 secret-dependent, 2 bad input, 3 unknown. */
export function registerCtCommand(program: Command, context: CommandContext): void {
  program
    .command('ct')
    .description(
      'constant-time audit: message taint under valgrind memcheck plus a dudect timing test (exit 0 constant-time, 1 secret-dependent, 3 unknown)',
    )
    .argument('<lib>', 'shared library exporting CryptHash, built with -g for file:line')
    .requiredOption('--digest-bits <n>', 'digest length in bits')
    .option(
      '--bytes <list>',
      `message lengths in bytes for the taint run (one non-byte-aligned length is added); default ${RUN_CT_DEFAULTS.messageBytes.join(',')}`,
    )
    .option(
      '--timing-ms <ms>',
      'cap in milliseconds of each run of the timing test (it stops at a minimum number of calls scaled by their cost)',
      String(RUN_CT_DEFAULTS.timing.milliseconds),
    )
    .option('--no-timing', 'skip the timing test')
    .option(
      '--timeout <seconds>',
      'seconds the taint run may take under valgrind',
      String(RUN_CT_DEFAULTS.taintTimeoutSeconds),
    )
    .option('--json', 'print the result as JSON (findings[] with kind, function, file, line)')
    .action(async (library: string, flags: CtFlags) => {
      const digestBits = parseInteger('--digest-bits', flags.digestBits, 8, 1 << 20);
      const messageBytes =
        flags.bytes === undefined ? undefined : parseSizeList('--bytes', flags.bytes, { allowEmpty: true });
      const milliseconds = parseInteger('--timing-ms', flags.timingMs, 1, 86400000);
      const result = await runCt({
        library,
        digestBits,
        ...(messageBytes === undefined ? {} : { messageBytes }),
        taintTimeoutSeconds: parsePositiveNumber('--timeout', flags.timeout),
        timing: flags.timing ? { messageBytes: RUN_CT_DEFAULTS.timing.messageBytes, milliseconds } : false,
      });
      context.io.stdout(flags.json === true ? `${JSON.stringify(result, null, 2)}\n` : describeCtResult(result));
      context.setExitCode(CT_VERDICT_EXIT_CODES[result.verdict]);
    });
}
