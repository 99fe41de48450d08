import path from 'node:path';
import type { Command } from 'commander';
import { loadRunDirectory, REPORT_PATHS, writeCrossSystemSummary, writeRunReports } from '@ngcc-perf/report';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';
import { checkWritableFolder } from '../internal/writable-folder.js';

interface ReportFlags {
  out?: string;
}

/**
 * `ngcc-perf report RUN_DIR... [--out DIR]`: (re)renders every page and export of each run
 * directory from its records (docs/RUN-DIRECTORY.md "Reports and exports"): candidate pages
 * (Markdown + HTML), the system summary, the method page and the CSV/JSON exports; with several
 * run directories also the cross-system summary `reports/summary.md/.html` (needs `--out`).
 * Prints the written paths on stdout.
 * @example
 * await main(['report', 'runs/x86_1']);
 */
export function registerReportCommand(program: Command, context: CommandContext): void {
  program
    .command('report')
    .description(
      'render every page and export of a run directory from its records (candidate pages, summary, method, CSV/JSON)',
    )
    .argument('<run-dirs...>', 'run directories written by "ngcc-perf run" (one per system)')
    .option(
      '--out <dir>',
      'write reports/ and exports/ here instead of into each run directory; needed for several runs (adds the cross-system summary)',
    )
    .action(async (directories: string[], flags: ReportFlags) => {
      if (flags.out !== undefined) await checkWritableFolder(flags.out, '--out');
      if (directories.length > 1 && flags.out === undefined) {
        throw new CliError(
          'USAGE',
          `report got ${directories.length} run directories: pass --out DIR for their pages and the cross-system summary.`,
        );
      }
      // every input is read and checked before anything is written
      const datasets = [];
      for (const directory of directories) datasets.push(await loadRunDirectory(directory));
      const systems = datasets.map((dataset) => dataset.campaign.systemId);
      systems.forEach((system, index) => {
        const first = systems.indexOf(system);
        if (first !== index) {
          throw new CliError(
            'USAGE',
            `report: ${directories[first]} and ${directories[index]} are both system "${system}"; their pages would overwrite each other in ${flags.out}. Pass one run per system (merge shards first with "ngcc-perf merge").`,
          );
        }
      });
      for (const [index, dataset] of datasets.entries()) {
        const out = flags.out ?? directories[index]!;
        const otherSystems =
          flags.out === undefined ? [] : systems.filter((system) => system !== dataset.campaign.systemId);
        const written = await writeRunReports(dataset, out, { otherSystems });
        // the system's HTML summary last: it links every page, so it is the one to open
        const summary = REPORT_PATHS.summaryHtml(dataset.campaign.systemId);
        const ordered = [...written.filter((file) => file !== summary), ...written.filter((file) => file === summary)];
        for (const file of ordered) context.io.stdout(`${path.join(path.resolve(out), ...file.split('/'))}\n`);
      }
      if (datasets.length > 1) {
        const out = flags.out!;
        for (const file of await writeCrossSystemSummary(datasets, out))
          context.io.stdout(`${path.join(path.resolve(out), ...file.split('/'))}\n`);
      }
    });
}
