import { Command, CommanderError } from 'commander';
import type { CommandContext } from './command-context.js';
import { EXIT_BAD_INPUT, EXIT_INTERNAL_ERROR, EXIT_SUCCESS } from './exit-codes.js';
import { isNgccPerfError } from './internal/is-ngcc-perf-error.js';
import { fileSystemRefusal } from './internal/writable-folder.js';
import { processIo, type CliIo } from './io.js';

type Register = (program: Command, context: CommandContext) => void;

/**
 * Each command's module, loaded only when that command runs: a command pulls in only the
 * packages it needs, so `ngcc-perf kat` does not pay for loading the report or campaign code.
 * The order is the order of `--help`.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  run: async () => (await import('./commands/run-command.js')).registerRunCommand,
  init: async () => (await import('./commands/init-command.js')).registerInitCommand,
  merge: async () => (await import('./commands/merge-command.js')).registerMergeCommand,
  publish: async () => (await import('./commands/publish-command.js')).registerPublishCommand,
  kat: async () => (await import('./commands/kat-command.js')).registerKatCommand,
  ct: async () => (await import('./commands/ct-command.js')).registerCtCommand,
  time: async () => (await import('./commands/time-command.js')).registerTimeCommand,
  size: async () => (await import('./commands/size-command.js')).registerSizeCommand,
  report: async () => (await import('./commands/report-command.js')).registerReportCommand,
  validate: async () => (await import('./commands/validate-command.js')).registerValidateCommand,
  compare: async () => (await import('./commands/compare-command.js')).registerCompareCommand,
  'check-host': async () => (await import('./commands/check-host-command.js')).registerCheckHostCommand,
  plan: async () => (await import('./commands/plan-command.js')).registerPlanCommand,
  import: async () => (await import('./commands/import-command.js')).registerImportCommand,
};

/** The command named on the command line, or null (help, version, nothing, a typo: load all). */
function requestedCommand(args: string[]): string | null {
  const first = args.find((arg) => !arg.startsWith('-'));
  return first !== undefined && Object.hasOwn(COMMANDS, first) ? first : null;
}

/**
 * Runs the `ngcc-perf` command line and returns its exit code; only the bin shim sets it.
 * Errors of the ngcc-perf packages' classes (bad input) become one line on stderr and exit code 2
 * (`EXIT_BAD_INPUT`), and so does a file-system refusal to write (EROFS, EACCES, EPERM, ENOSPC,
 * EDQUOT: the folder and the fix); any other exception, Node's `ENOENT` included, is an internal error, exit
 * code 70 (`EXIT_INTERNAL_ERROR`); `--debug` adds the stack. The codes: `exit-codes.ts`.
 * @param argv - the arguments after the program name
 * @example
 * process.exitCode = await main(process.argv.slice(2));
 */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  let exitCode: number = EXIT_SUCCESS;
  const debug = argv.includes('--debug');
  const args = argv.filter((a) => a !== '--debug' && a !== '--no-sandbox');
  if (argv.includes('--no-sandbox')) {
    // Every driver process inherits it (@ngcc-perf/native/PROTOCOL.md "Sandbox"); each one warns on stderr too.
    process.env.NGCC_PERF_NO_SANDBOX = '1';
    io.stderr(
      'ngcc-perf: WARNING: --no-sandbox: candidate code runs with your full rights (network, files, processes); use it only for code you trust\n',
    );
  }
  const context: CommandContext = { io, setExitCode: (code) => (exitCode = code) };
  const program = new Command('ngcc-perf')
    .description(
      'Measure NGCC cryptographic implementations (hash, KEM, signature, key exchange): KAT, cycles, throughput, memory (guide §3.3–3.5).',
    )
    .version('0.1.0')
    .option('--debug', 'print stack traces of errors')
    .option('--no-sandbox', "run candidate code outside the driver's sandbox (no isolation: only for code you trust)")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  const wanted = requestedCommand(args);
  const versionOnly = args.length === 1 && (args[0] === '--version' || args[0] === '-V');
  const names = versionOnly ? [] : wanted === null ? Object.keys(COMMANDS) : [wanted];
  for (const name of names) (await COMMANDS[name]!())(program, context);
  try {
    await program.parseAsync(args, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT_SUCCESS : EXIT_BAD_INPUT;
    }
    if (error instanceof Error && (await isNgccPerfError(error))) {
      io.stderr(`ngcc-perf: ${error.message}\n`);
      if (debug && error.stack) io.stderr(`${error.stack}\n`);
      return EXIT_BAD_INPUT;
    }
    // A folder that turned read-only or full after the checks at start: bad input, not a crash.
    const refusal = fileSystemRefusal(error);
    if (refusal !== null) {
      io.stderr(`ngcc-perf: ${refusal.message}\n`);
      if (debug && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
      return EXIT_BAD_INPUT;
    }
    io.stderr(`ngcc-perf: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof Error && error.stack)
      io.stderr(`${debug ? error.stack : 'rerun with --debug for the stack'}\n`);
    return EXIT_INTERNAL_ERROR;
  }
}
