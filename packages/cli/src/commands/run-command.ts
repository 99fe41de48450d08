import { existsSync } from 'node:fs';
import { renderRunAnswer } from './run-answer.js';
import path from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_TIMING_OPTIONS } from '@ngcc-perf/timing';
import { driverPath } from '@ngcc-perf/native';
import { describeKatIdentity } from '@ngcc-perf/kat';
import { CliError } from '../cli-error.js';
import { describeCountingShare, parseInstructionSource } from '../internal/time-instructions.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_NOT_VOUCHED, EXIT_SUCCESS } from '../exit-codes.js';
import { processIo } from '../io.js';
import { parseInteger, parsePositiveNumber, parseSizeList } from '../parse-options.js';
import { createProgressBar } from '../progress/progress-bar.js';
import { createProgressLog } from '../progress/progress-log.js';
import { checkWritableFolder } from '../internal/writable-folder.js';
import { categoriesOption, withCategoryOption } from '../internal/category-option.js';
import { measuringCpus, parsePhases, parseProfile } from './run-options.js';
import {
  bundledCandidateDirectories,
  DEFAULT_CAMPAIGN_PHASES,
  defaultSystemId,
  GUIDE_MESSAGE_SIZES_BYTES,
  parseShardSpec,
  runCampaign,
  shardFromEnvironment,
  type CampaignEventSink,
} from '@ngcc-perf/campaign';
import { resolveRunInputs, type RefusedInput } from '@ngcc-perf/intake';

interface RunFlags {
  out?: string;
  system?: string;
  sizes?: string;
  trialTarget?: string;
  trials?: string;
  budget?: string;
  operationTimeout?: string;
  cpu?: string;
  cpus?: string;
  profile?: string;
  shard?: string;
  shardCount?: string;
  prior: string[];
  category: string[];
  phases?: string;
  data?: string;
  replace?: boolean;
  quiet?: boolean;
  allowUnfixedHost?: boolean;
  json?: boolean;
  remeasure?: string;
  baseline?: boolean;
  fixedLayout?: boolean;
  strict?: boolean;
  countInstructions?: string | boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * `ngcc-perf run [CANDIDATE_DIR...]`: the campaign (check-host, build, kat, calibrate, measure, report, publish).
 * Exit 0 when every operation was measured; 3 (`EXIT_NOT_VOUCHED`) when the run completed but some
 * operations failed (their records say why; running again retries them), some inputs yielded no
 * measurable instance (listed with their reason; `--strict` refuses the run instead), a package
 * measured in part lists folders as not measurable (build.json `packages[].unmeasured`, from discovery
 * or its candidate.json; folders skipped for an ISA or hardware the host cannot run are listed but
 * not counted), or the build phase built no library at all; 2 for bad input (and when no input
 * yields an instance).
 */
export function registerRunCommand(program: Command, context: CommandContext): void {
  withCategoryOption(program.command('run'))
    .description(
      'build, KAT-check, calibrate, time and size every instance, then write the run directory and reports (resumable)',
    )
    .argument(
      '[inputs...]',
      'candidate folders (candidate.json), official package folders, .zip packages, or folders of those (default: the bundled examples)',
    )
    .option('--out <dir>', 'run directory; running again with the same options resumes it (default: runs/<UTC time>)')
    .option('--system <id>', 'system id, <arch>_<n> (default: x86_1 or arm_1)')
    .option('--sizes <list>', `message sizes in bytes (default: ${GUIDE_MESSAGE_SIZES_BYTES.join(',')})`)
    .option(
      '--trial-target <seconds>',
      `target seconds per trial (default ${DEFAULT_TIMING_OPTIONS.trialTargetSeconds}, the guide's)`,
    )
    .option('--trials <n>', `trials per operation, each in its own process (default ${DEFAULT_TIMING_OPTIONS.trials})`)
    .option(
      '--budget <seconds>',
      `most seconds one operation may take (default ${DEFAULT_TIMING_OPTIONS.budgetSeconds})`,
    )
    .option(
      '--operation-timeout <seconds>',
      'end a driver process of one operation that runs longer: TIMEOUT in its record, the other operations go on (a trial gets this or 10x its plan, whichever is longer; default: the budget for the calibration call, max(60 s, 10x its plan) for a trial)',
    )
    .option('--cpu <n>', 'CPU to pin every timed process to (default: the last CPU this process may use)')
    .option('--cpus <list>', 'measure on several CPUs of this host, one worker each (e.g. 2,3,4)')
    .option(
      '--fixed-layout',
      'run every timed driver process with ADDR_NO_RANDOMIZE (one address-space layout for all trials; recorded in campaign.json and every record)',
    )
    .option(
      '--count-instructions [source]',
      "also count every operation's instructions per call (exact, not time): auto (the PMU where there is one, else valgrind; the default), pmu or valgrind",
    )
    .option(
      '--profile <name>',
      "build every instance with this guide profile: reference, performance or resource (default: each instance's variant)",
    )
    .option('--shard <K/N>', 'measure shard K of N (default: from SLURM_ARRAY_TASK_ID/COUNT or JOB_COMPLETION_INDEX)')
    .option(
      '--shard-count <n>',
      "N for a Kubernetes Indexed Job (JOB_COMPLETION_INDEX), or to override Slurm's array size",
    )
    .option(
      '--prior <dir>',
      "an earlier run whose records give each instance's cost for the shard split (repeatable)",
      collect,
      [],
    )
    .option(
      '--phases <list>',
      `phases to run (default: ${DEFAULT_CAMPAIGN_PHASES.join(',')}; publish when --data is given)`,
    )
    .option('--data <dir>', 'publish the finished dataset into <dir>/<system>/')
    .option('--replace', 'let --data replace a different dataset already published for this system')
    .option(
      '--allow-unfixed-host',
      'measure although `check-host` finds problems; they are recorded in every record and report',
    )
    .option(
      '--baseline',
      'measure the ICCS baseline (sm3hash, and pseudoXOF at every output width of the candidates) with the same plan, and show every figure × pseudoXOF (the default)',
    )
    .option(
      '--no-baseline',
      'leave the ICCS baseline out (recorded in campaign.json; the pages say there is no × baseline)',
    )
    .option('--quiet', 'no progress output')
    .option(
      '--remeasure <which>',
      '"unstable": in an existing run directory, measure again only the operations whose trial CV is above its limit (previous records kept under remeasured/)',
    )
    .option('--json', 'progress events and a final summary as JSON Lines on stdout')
    .option(
      '--strict',
      'refuse the whole run when one package yields no measurable instance (default: list it with its reason and measure the others)',
    )
    .action(async (directories: string[], flags: RunFlags) => {
      if (flags.remeasure !== undefined && flags.remeasure !== 'unstable') {
        throw new CliError(
          'USAGE',
          `--remeasure expects "unstable" (the operations whose trial CV is above its limit), got "${flags.remeasure}".`,
        );
      }
      const remeasure = flags.remeasure === 'unstable' ? ('unstable' as const) : undefined;
      if (remeasure !== undefined && (flags.out === undefined || !existsSync(path.join(flags.out, 'campaign.json')))) {
        throw new CliError(
          'USAGE',
          `--remeasure unstable re-measures an existing run: pass --out with the run directory of that run (and its original options).`,
        );
      }
      const folders = directories.length === 0 ? await bundledCandidateDirectories() : directories;
      const outDirectory = flags.out ?? path.join('runs', new Date().toISOString().replace(/[:.]/g, '-'));
      // Before any work: a read-only, unwritable or full output folder is bad input (exit 2), not a crash.
      await checkWritableFolder(outDirectory, '--out');
      if (flags.data !== undefined) await checkWritableFolder(flags.data, '--data');
      const categories = await categoriesOption(flags.category);
      const refused: RefusedInput[] = [];
      const resolved = await resolveRunInputs(folders, {
        extractionDirectory: path.join(outDirectory, 'packages'),
        ...(flags.strict === true ? {} : { refused }),
      });
      const candidates = resolved.map((r) => r.candidate);
      const listRefused = () => {
        for (const r of refused) context.io.stderr(`[ngcc-perf] not measured: ${r.input}: ${r.reason}\n`);
      };
      if (candidates.length === 0) {
        listRefused();
        throw new CliError(
          'CANDIDATE_INVALID',
          `no input yields a measurable instance (${refused.length} listed above). Fix the packages or write their candidate.json (ngcc-perf init explains each folder).`,
        );
      }
      const driver = await driverPath();
      const systemId = flags.system ?? defaultSystemId();
      if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(systemId)) {
        throw new CliError('USAGE', `--system "${systemId}" must be letters, digits, "_" or "-" (e.g. x86_1).`);
      }
      const shardCount =
        flags.shardCount === undefined ? undefined : parseInteger('--shard-count', flags.shardCount, 1, 100000);
      const shard =
        flags.shard === undefined ? shardFromEnvironment(process.env, shardCount) : parseShardSpec(flags.shard);
      if (shard === null && shardCount !== undefined) {
        throw new CliError(
          'USAGE',
          '--shard-count is for a job array (JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID is not set). Pass --shard K/N to pick a shard by hand.',
        );
      }
      const phases =
        flags.phases === undefined
          ? [...DEFAULT_CAMPAIGN_PHASES, ...(flags.data === undefined ? [] : ['publish' as const])]
          : parsePhases(flags.phases);
      const interactive = !flags.quiet && !flags.json && context.io === processIo && process.stderr.isTTY === true;
      const bar = interactive ? createProgressBar(process.stderr) : null;
      const sink: CampaignEventSink = flags.json
        ? (event) => context.io.stdout(`${JSON.stringify(event)}\n`)
        : flags.quiet
          ? () => undefined
          : (bar?.sink ?? createProgressLog(context.io.stderr));
      let result;
      try {
        result = await runCampaign({
          candidates,
          ...categories,
          refusedInputs: refused,
          outDirectory,
          systemId,
          messageSizesBytes:
            flags.sizes === undefined ? [...GUIDE_MESSAGE_SIZES_BYTES] : parseSizeList('--sizes', flags.sizes),
          trialTargetSeconds:
            flags.trialTarget === undefined
              ? DEFAULT_TIMING_OPTIONS.trialTargetSeconds
              : parsePositiveNumber('--trial-target', flags.trialTarget),
          budgetSeconds:
            flags.budget === undefined
              ? DEFAULT_TIMING_OPTIONS.budgetSeconds
              : parsePositiveNumber('--budget', flags.budget),
          ...(flags.operationTimeout === undefined
            ? {}
            : { operationTimeoutSeconds: parsePositiveNumber('--operation-timeout', flags.operationTimeout) }),
          trials:
            flags.trials === undefined
              ? DEFAULT_TIMING_OPTIONS.trials
              : parseInteger('--trials', flags.trials, 1, 1000),
          cpus: measuringCpus(flags),
          buildProfile: flags.profile === undefined ? null : parseProfile(flags.profile),
          shard,
          priorRunDirectories: flags.prior,
          phases,
          publish: flags.data === undefined ? null : { dataDirectory: flags.data, replace: flags.replace === true },
          driverPath: driver,
          allowUnfixedHost: flags.allowUnfixedHost === true || process.env.NGCC_PERF_ALLOW_UNFIXED_HOST === '1',
          ...(remeasure === undefined ? {} : { remeasure }),
          baseline: flags.baseline !== false,
          ...(flags.fixedLayout === true ? { addressLayout: 'fixed' as const } : {}),
          ...(flags.countInstructions === undefined
            ? {}
            : {
                countInstructions:
                  flags.countInstructions === true
                    ? ('auto' as const)
                    : parseInstructionSource('--count-instructions', String(flags.countInstructions)),
              }),
          onEvent: sink,
        });
      } finally {
        bar?.stop();
      }
      const nothingBuilt = result.built !== null && result.built.libraries === 0;
      // folders of the measured packages left out (build.json "packages"); skipped ones (an ISA or
      // hardware this host cannot run) are a host's limit, not the package's, and leave the exit code alone
      const unmeasured = result.packages
        .filter((p) => p.reason === undefined)
        .flatMap((p) =>
          p.unmeasured.map((u) => ({ ...u, where: u.folder === '.' ? p.packageName : `${p.packageName}/${u.folder}` })),
        );
      const notMeasurable = unmeasured.filter((u) => u.status === 'not-measurable').length;
      const exitCode =
        result.records.failed > 0 || refused.length > 0 || notMeasurable > 0 || nothingBuilt
          ? EXIT_NOT_VOUCHED
          : EXIT_SUCCESS;
      context.setExitCode(exitCode);
      if (flags.json) {
        context.io.stdout(`${JSON.stringify({ event: 'summary', ...result, refused, exitCode })}\n`);
        return;
      }
      if (!flags.quiet) {
        for (const v of result.verdicts.filter((x) => x.verdict !== 'PASS')) {
          context.io.stderr(`[ngcc-perf] warning: ${v.candidate}/${v.instance} KAT ${v.verdict} (flags ${v.flags})\n`);
        }
        // a candidate without a manifest of its own whose KAT digests an official manifest holds
        const byIdentity = new Map<string, string[]>();
        for (const v of result.verdicts.filter((x) => x.katIdentity !== undefined)) {
          const text = describeKatIdentity(v.katIdentity!);
          byIdentity.set(text, [...(byIdentity.get(text) ?? []), `${v.candidate}/${v.instance}`]);
        }
        for (const [text, instances] of byIdentity)
          context.io.stderr(`[ngcc-perf] KAT by digest: ${instances.join(', ')}: ${text}\n`);
        const shardText =
          result.shard === null
            ? ''
            : ` (shard ${result.shard.index}/${result.shard.count}: ${result.instances.join(', ')})`;
        context.io.stderr(`[ngcc-perf] run directory: ${result.runDirectory}${shardText}\n`);
        listRefused();
        for (const u of unmeasured)
          context.io.stderr(
            `[ngcc-perf] not measured: ${u.where}: ${u.status === 'skipped' ? `skipped, ${u.reason}` : u.reason}\n`,
          );
        if (notMeasurable > 0)
          context.io.stderr(
            `[ngcc-perf] ${notMeasurable} folder(s) of the packages gave no measurable instance (listed in build.json "packages" and on the candidate pages with the reason): exit ${EXIT_NOT_VOUCHED}\n`,
          );
        if (refused.length > 0)
          context.io.stderr(
            `[ngcc-perf] ${refused.length} input(s) yielded no measurable instance (listed in build.json "packages" with the reason): exit ${EXIT_NOT_VOUCHED}\n`,
          );
        if (nothingBuilt)
          context.io.stderr(
            `[ngcc-perf] no instance was built (see build.json for each one's build detail): exit ${EXIT_NOT_VOUCHED}\n`,
          );
        if (flags.countInstructions !== undefined) context.io.stderr(describeCountingShare(result));
        if (result.records.failed > 0) {
          context.io.stderr(
            `[ngcc-perf] ${result.records.failed} operation(s) failed (see their records; running again retries them): exit ${EXIT_NOT_VOUCHED}\n`,
          );
        }
      }
      // the result table (every measured size) and the page paths: results, on stdout
      if (!flags.quiet && result.summaryHtml !== null)
        for (const line of await renderRunAnswer(result.runDirectory)) context.io.stdout(`${line}\n`);
      // the candidate pages, then the summary last: it links every page, so it is the one to open
      const pages = result.summaryHtml === null ? result.reportsHtml : [...result.reportsHtml, result.summaryHtml];
      const outputs = pages.map((report) => path.join(result.runDirectory, report));
      for (const line of outputs.length > 0 ? outputs : [result.runDirectory]) context.io.stdout(`${line}\n`);
    });
}
