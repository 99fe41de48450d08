import type { Command } from 'commander';
import { CT_VERDICT_EXIT_CODES, RUN_CT_DEFAULTS, runCt, type CtResult } from '@ngcc-perf/ct';
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

/** The text `ngcc-perf ct` prints: verdict, findings table, the timing test. */
export function renderCtText(result: CtResult): string {
  const lines = [
    `${result.library}: ${result.verdict}${result.verdict === 'unknown' ? ` (${result.reason}: ${result.detail})` : ''}`,
  ];
  if (result.taint !== null) {
    lines.push(
      `taint run: ${result.taint.valgrindVersion}, message lengths ${result.messageBits.join(', ')} bits, ${result.taint.seconds.toFixed(1)} s`,
    );
  }
  if (result.findings.length > 0) {
    lines.push('kind              function              file:line              first length  occurrences');
    for (const f of result.findings) {
      const where = f.file === null ? '??' : `${f.file}:${f.line ?? '?'}`;
      const first = f.firstMessageBits === null ? '(disassembly)' : `${f.firstMessageBits} bits`;
      lines.push(
        `${f.kind.padEnd(17)} ${f.function.padEnd(21)} ${where.padEnd(22)} ${first.padEnd(13)} ${f.occurrences ?? ''}`.trimEnd(),
      );
    }
  }
  for (const note of result.notes) lines.push(`note: ${note}`);
  const t = result.timing;
  if (t !== null) {
    lines.push(
      `timing test (evidence only; a shared VM is noisy): ${t.samplesCount} calls of ${t.messageBits / 8} bytes, max |t| = ${t.maxAbsT.toFixed(2)} ` +
        `(threshold ${t.thresholdAbsT}: ${t.differenceSuspected ? 'a timing difference is suspected' : 'no difference seen'}), ${t.seconds.toFixed(1)} s, counter ${t.counter}`,
    );
  } else if (result.timingDetail !== null) {
    lines.push(`timing test: ${result.timingDetail}`);
  }
  return `${lines.join('\n')}\n`;
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
      'time budget of the timing test in milliseconds',
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
      context.io.stdout(flags.json === true ? `${JSON.stringify(result, null, 2)}\n` : renderCtText(result));
      context.setExitCode(CT_VERDICT_EXIT_CODES[result.verdict]);
    });
}
