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
    lines.push(
      'kind              function              file:line              first length  occurrences  secret enters at',
    );
    for (const f of result.findings) {
      const where = f.file === null ? '??' : `${f.file}:${f.line ?? '?'}`;
      const first =
        f.source === 'disassembly'
          ? '(disassembly)'
          : f.source === 'division-probe'
            ? '(probe)'
            : `${f.firstMessageBits} bits`;
      const origin = f.origin === null ? '' : `${f.origin.function} ${f.origin.file ?? '??'}:${f.origin.line ?? '?'}`;
      lines.push(
        `${f.kind.padEnd(17)} ${f.function.padEnd(21)} ${where.padEnd(22)} ${first.padEnd(13)} ${String(f.occurrences ?? '').padEnd(12)} ${origin}`.trimEnd(),
      );
    }
  }
  for (const d of result.publicDivisions) {
    const where = d.file === null ? '??' : `${d.file}:${d.line ?? '?'}`;
    lines.push(
      `public division (not a finding): ${d.function} ${where}, ${d.operands === 'public' ? `operands public, ${d.executions}×` : 'never executed'}`,
    );
  }
  for (const note of result.notes) lines.push(`note: ${note}`);
  for (const limit of result.limits) lines.push(`limit: ${limit}`);
  if (result.cpu !== null && result.cpu.hiddenFeatures.length > 0)
    lines.push(`cpu: valgrind hid ${result.cpu.hiddenFeatures.join(' ')} (native view: ${result.cpu.nativeSource})`);
  const t = result.timing;
  if (t !== null) {
    const direction =
      t.direction === null ? '' : `, ${t.direction.replace('-', ' ')} by ${t.differencePercent.toFixed(2)} %`;
    lines.push(
      `timing test (evidence only; a shared VM is noisy): ${t.samplesCount} calls of ${t.messageBits / 8} bytes, max |t| = ${t.maxAbsT.toFixed(2)}${direction}; ` +
        `repeat max |t| = ${t.repeat.maxAbsT.toFixed(2)}${t.repeat.direction === null ? '' : ` ${t.repeat.direction.replace('-', ' ')}`} ` +
        `(threshold ${t.thresholdAbsT}: ${t.differenceSuspected ? 'a timing difference is suspected, confirmed by the repeat' : 'no confirmed difference'}), ` +
        `${t.seconds.toFixed(1)} s, counter ${t.counter}${t.minSamplesReached ? '' : `, stopped before ${t.minSamplesCount} samples`}`,
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
      context.io.stdout(flags.json === true ? `${JSON.stringify(result, null, 2)}\n` : renderCtText(result));
      context.setExitCode(CT_VERDICT_EXIT_CODES[result.verdict]);
    });
}
