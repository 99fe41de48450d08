import type { Command } from 'commander';
import {
  compareRuns,
  comparisonExitCode,
  comparisonJson,
  COMPARE_RUNS_DEFAULTS,
  describeComparison,
  loadRunDirectory,
  unvouchedRows,
} from '@ngcc-perf/report';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';

interface CompareFlags {
  threshold?: string;
  alpha?: string;
  instructionThreshold?: string;
  allowIncomparable?: boolean;
  json?: boolean;
}

function parseFraction(option: string, text: string): number {
  const value = Number(text.endsWith('%') ? text.slice(0, -1) : text) / (text.endsWith('%') ? 100 : 1);
  if (!Number.isFinite(value) || value <= 0 || value >= 1) {
    throw new CliError('USAGE', `${option} "${text}" must be a fraction between 0 and 1 (0.02) or a percentage (2%).`);
  }
  return value;
}

/**
 * `ngcc-perf compare A B [--threshold 0.02] [--alpha 0.05] [--json]`: per instance × size, the
 * ratio of the headline cycles (median trial) B / A with Welch's t-test on the per-trial means (`compareRuns`). Exit 1
 * when a regression beyond the threshold is significant (a CI gate); 3 when it cannot vouch for B
 * (a row not comparable — B failed or the counters differ —, too few trials, or a size of A
 * missing from B) unless `--allow-incomparable`; 0 otherwise; 2 on bad input (`comparisonExitCode`).
 * @example
 * const code = await main(['compare', 'runs/main', 'runs/branch', '--threshold', '0.05']);
 */
export function registerCompareCommand(program: Command, context: CommandContext): void {
  program
    .command('compare')
    .description(
      'compare two runs per instance × size: cycle ratio and Welch t-test; exit 1 on a significant regression, 3 when B cannot be vouched for',
    )
    .argument('<run-a>', 'baseline run directory')
    .argument('<run-b>', 'run directory to judge against it')
    .option(
      '--threshold <fraction>',
      `noise threshold on the ratio of the headline cycles (default ${COMPARE_RUNS_DEFAULTS.threshold}, i.e. 2 %)`,
    )
    .option('--alpha <p>', `significance level of the Welch test (default ${COMPARE_RUNS_DEFAULTS.alpha})`)
    .option(
      '--instruction-threshold <fraction>',
      `change of an exact instruction count beyond which it is a regression (exit 1) or an improvement; any change is listed (default ${COMPARE_RUNS_DEFAULTS.instructionThreshold}; 0: every increase)`,
    )
    .option(
      '--allow-incomparable',
      'exit 0 rather than 3 when rows are not comparable, have too few trials, or are missing from B',
    )
    .option('--json', 'print the comparison as JSON')
    .action(async (first: string, second: string, flags: CompareFlags) => {
      const threshold =
        flags.threshold === undefined ? COMPARE_RUNS_DEFAULTS.threshold : parseFraction('--threshold', flags.threshold);
      const alpha = flags.alpha === undefined ? COMPARE_RUNS_DEFAULTS.alpha : parseFraction('--alpha', flags.alpha);
      const instructionThreshold =
        flags.instructionThreshold === undefined
          ? COMPARE_RUNS_DEFAULTS.instructionThreshold
          : flags.instructionThreshold === '0'
            ? 0
            : parseFraction('--instruction-threshold', flags.instructionThreshold);
      const result = compareRuns(await loadRunDirectory(first), await loadRunDirectory(second), {
        threshold,
        alpha,
        instructionThreshold,
      });
      if (result.rows.length === 0) {
        throw new CliError(
          'USAGE',
          `${first} and ${second} have no instance × message size in common; compare runs of the same candidates.`,
        );
      }
      const allowIncomparable = flags.allowIncomparable === true;
      const exitCode = comparisonExitCode(result, { allowIncomparable });
      context.io.stdout(
        flags.json
          ? comparisonJson({ ...result, unvouched: unvouchedRows(result), exitCode })
          : describeComparison(result, { allowIncomparable }),
      );
      context.setExitCode(exitCode);
    });
}
