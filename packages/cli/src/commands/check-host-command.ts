import type { Command } from 'commander';
import { assessHost, describeHostAssessment, type AssessHostOptions, type HostAssessment } from '@ngcc-perf/timing';
import type { CommandContext } from '../command-context.js';
import { EXIT_NEGATIVE_VERDICT, EXIT_SUCCESS } from '../exit-codes.js';
import { parseMeasuringCpu } from '../internal/measuring-cpu.js';
import { allowedCpus } from '@ngcc-perf/timing';
import { driverPath } from '@ngcc-perf/native';

/** What `check-host` calls; tests pass fakes. */
export interface CheckHostDependencies {
  assessHost: (options: AssessHostOptions) => Promise<HostAssessment>;
  driverPath: () => Promise<string>;
  /** The CPUs this process may run on (`--cpu` must be one of them; the default is the last). */
  allowedCpus: () => number[];
}

const DEFAULT_DEPENDENCIES: CheckHostDependencies = {
  assessHost,
  driverPath: () => driverPath(),
  allowedCpus: () => allowedCpus(),
};

interface CheckHostFlags {
  cpu?: string;
  json?: boolean;
}

/**
 * `ngcc-perf check-host [--cpu N] [--json]`: reads the host state, asks the driver for its
 * counter, probes the clock where cpufreq is missing, and prints the assessment (a table, or the
 * assessment as JSON). Changes nothing on the host. Exit 0 with no problems, 1 when there are
 * problems (notes alone do not count), 2 for bad input (a `--cpu` this process may not use).
 * @throws {@link CliError} `USAGE` for a bad `--cpu` (main turns it into one line, exit 2).
 * @example
 * registerCheckHostCommand(program, context);
 */
export function registerCheckHostCommand(
  program: Command,
  context: CommandContext,
  dependencies: CheckHostDependencies = DEFAULT_DEPENDENCIES,
): void {
  program
    .command('check-host')
    .description(
      'check the host for cycle measurement (counter, clock, cpufreq, turbo, SMT, isolation, load); exit 1 on problems',
    )
    .option('--cpu <n>', 'the measuring CPU, one this process may use (default: the last of them)')
    .option('--json', 'print the assessment as JSON')
    .action(async (flags: CheckHostFlags) => {
      const allowed = dependencies.allowedCpus();
      const cpu = flags.cpu === undefined ? allowed[allowed.length - 1]! : parseMeasuringCpu(flags.cpu, allowed);
      const assessment = await dependencies.assessHost({ cpu, driverPath: await dependencies.driverPath() });
      context.io.stdout(flags.json ? `${JSON.stringify(assessment, null, 2)}\n` : describeHostAssessment(assessment));
      // Problems are a negative verdict on the host; notes alone exit 0.
      context.setExitCode(assessment.problems.length > 0 ? EXIT_NEGATIVE_VERDICT : EXIT_SUCCESS);
    });
}
