import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_TIMING_OPTIONS } from '@ngcc-perf/timing';
import { loadCandidate } from '../candidate.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';
import { locateNative } from '../locate-native.js';
import { parseInteger, parsePositiveNumber, parseSizeList } from '../parse-options.js';
import { GUIDE_MESSAGE_SIZES_BYTES, runCampaign } from '../run-campaign.js';

interface RunFlags {
  out?: string;
  system?: string;
  sizes?: string;
  trialTarget?: string;
  trials?: string;
  cpu?: string;
}

async function bundledCandidateDirectories(examplesDirectory: string | null): Promise<string[]> {
  if (examplesDirectory === null) {
    throw new CliError('USAGE', 'no candidate folder given and no bundled examples found (native/examples). Pass CANDIDATE_DIR.');
  }
  const entries = await readdir(examplesDirectory, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory()).map((e) => path.join(examplesDirectory, e.name));
  const withCandidate: string[] = [];
  for (const folder of folders.sort()) {
    const files = await readdir(folder);
    if (files.includes('candidate.json')) withCandidate.push(folder);
  }
  return withCandidate;
}

function defaultSystemId(): string {
  const arch = os.arch() === 'arm64' ? 'arm' : os.arch() === 'x64' ? 'x86' : os.arch();
  return `${arch}_1`;
}

/** `ngcc-perf run [CANDIDATE_DIR...]`: the main job (build, KAT, time, size, report). */
export function registerRunCommand(program: Command, context: CommandContext): void {
  program
    .command('run')
    .description('build, KAT-check, time and size every instance, then write the run directory and reports')
    .argument('[candidate-dirs...]', 'candidate folders holding candidate.json (default: the bundled examples)')
    .option('--out <dir>', 'run directory (default: runs/<UTC time>)')
    .option('--system <id>', 'system id, <arch>_<n> (default: x86_1 or arm_1)')
    .option('--sizes <list>', `message sizes in bytes (default: ${GUIDE_MESSAGE_SIZES_BYTES.join(',')})`)
    .option('--trial-target <seconds>', `target seconds per trial (default ${DEFAULT_TIMING_OPTIONS.trialTargetSeconds}, the guide's)`)
    .option('--trials <n>', `trials per operation, each in its own process (default ${DEFAULT_TIMING_OPTIONS.trials})`)
    .option('--cpu <n>', 'CPU to pin every timed process to (default: the last CPU)')
    .action(async (directories: string[], flags: RunFlags) => {
      const native = locateNative();
      const folders = directories.length === 0 ? await bundledCandidateDirectories(native.examplesDirectory) : directories;
      const candidates = [];
      for (const folder of folders) candidates.push(await loadCandidate(folder));
      const systemId = flags.system ?? defaultSystemId();
      if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(systemId)) {
        throw new CliError('USAGE', `--system "${systemId}" must be letters, digits, "_" or "-" (e.g. x86_1).`);
      }
      const outDirectory = flags.out ?? path.join('runs', new Date().toISOString().replace(/[:.]/g, '-'));
      const cpuCount = os.availableParallelism();
      const result = await runCampaign({
        candidates,
        outDirectory,
        systemId,
        messageSizesBytes: flags.sizes === undefined ? [...GUIDE_MESSAGE_SIZES_BYTES] : parseSizeList('--sizes', flags.sizes),
        trialTargetSeconds:
          flags.trialTarget === undefined
            ? DEFAULT_TIMING_OPTIONS.trialTargetSeconds
            : parsePositiveNumber('--trial-target', flags.trialTarget),
        budgetSeconds: DEFAULT_TIMING_OPTIONS.budgetSeconds,
        trials: flags.trials === undefined ? DEFAULT_TIMING_OPTIONS.trials : parseInteger('--trials', flags.trials, 1, 1000),
        cpu: flags.cpu === undefined ? cpuCount - 1 : parseInteger('--cpu', flags.cpu, 0, cpuCount - 1),
        driverPath: native.driverPath,
        onProgress: (line) => context.io.stderr(`[ngcc-perf] ${line}\n`),
      });
      const failed = result.verdicts.filter((v) => v.verdict !== 'PASS');
      for (const v of failed) context.io.stderr(`[ngcc-perf] warning: ${v.candidate}/${v.instance} KAT ${v.verdict}\n`);
      context.io.stderr(`[ngcc-perf] run directory: ${path.resolve(outDirectory)}\n`);
      for (const report of result.reportsHtml) context.io.stdout(`${path.join(path.resolve(outDirectory), report)}\n`);
    });
}
