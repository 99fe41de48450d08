import { Command, CommanderError } from 'commander';
import type { CommandContext } from './command-context.js';
import { registerCheckHostCommand } from './commands/check-host-command.js';
import { registerCompareCommand } from './commands/compare-command.js';
import { registerImportCommand } from './commands/import-command.js';
import { registerKatCommand } from './commands/kat-command.js';
import { registerMergeCommand } from './commands/merge-command.js';
import { registerPlanCommand } from './commands/plan-command.js';
import { registerPublishCommand } from './commands/publish-command.js';
import { registerReportCommand } from './commands/report-command.js';
import { registerRunCommand } from './commands/run-command.js';
import { registerSizeCommand } from './commands/size-command.js';
import { registerTimeCommand } from './commands/time-command.js';
import { registerValidateCommand } from './commands/validate-command.js';
import { processIo, type CliIo } from './io.js';

/** Exit code for bad input: a usage error, a bad file, a missing build. */
export const EXIT_BAD_INPUT = 2;

function isTypedError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && error.name.endsWith('Error');
}

/**
 * Runs the `ngcc-perf` command line and returns its exit code; only the bin shim sets it.
 * Typed errors of any ngcc-perf package become one line on stderr and exit code 2;
 * `--debug` adds the stack.
 * @param argv - the arguments after the program name
 * @example
 * process.exitCode = await main(process.argv.slice(2));
 */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  let exitCode = 0;
  const debug = argv.includes('--debug');
  const args = argv.filter((a) => a !== '--debug');
  const context: CommandContext = { io, setExitCode: (code) => (exitCode = code) };
  const program = new Command('ngcc-perf')
    .description('Measure NGCC CryptHash implementations: KAT, cycles, throughput, memory (guide §3.3–3.5).')
    .version('0.1.0')
    .option('--debug', 'print stack traces of errors')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  registerRunCommand(program, context);
  registerMergeCommand(program, context);
  registerPublishCommand(program, context);
  registerKatCommand(program, context);
  registerTimeCommand(program, context);
  registerSizeCommand(program, context);
  registerReportCommand(program, context);
  registerValidateCommand(program, context);
  registerCompareCommand(program, context);
  registerCheckHostCommand(program, context);
  registerPlanCommand(program, context);
  registerImportCommand(program, context);
  try {
    await program.parseAsync(args, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
    }
    if (isTypedError(error)) {
      io.stderr(`ngcc-perf: ${error.message}\n`);
      if (debug && error.stack) io.stderr(`${error.stack}\n`);
      return EXIT_BAD_INPUT;
    }
    io.stderr(`ngcc-perf: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof Error && error.stack) io.stderr(`${debug ? error.stack : 'rerun with --debug for the stack'}\n`);
    return 1;
  }
}
