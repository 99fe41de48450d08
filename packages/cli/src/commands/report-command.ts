import path from 'node:path';
import type { Command } from 'commander';
import { loadRunDirectory, REPORT_PATHS, writeRunReports, writeSite } from '@ngcc-perf/report';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command-context.js';
import { checkWritableFolder } from '../internal/writable-folder.js';
import { categoriesOption, withCategoryOption } from '../internal/category-option.js';

interface ReportFlags {
  out?: string;
  category: string[];
}

/**
 * `ngcc-perf report RUN_DIR... [--out DIR] [--category MODULE]...`: (re)renders every page and export of each run
 * directory from its records (@ngcc-perf/record/docs/RUN-DIRECTORY.md "Reports and exports"): candidate pages
 * (Markdown + HTML), the system summary and index, the ranking pages, the constant-time overview,
 * the method page, the CSV/JSON exports and the site index `reports/index`; with several run
 * directories the site over all of them (needs `--out`): every system's pages, the site index of
 * systems × candidates and the cross-system summary `reports/summary.md/.html`.
 * Prints the written paths on stdout, the site index last.
 * @example
 * await main(['report', 'runs/x86_1']);
 */
export function registerReportCommand(program: Command, context: CommandContext): void {
  withCategoryOption(program.command('report'))
    .description(
      'render every page and export of a run directory from its records (candidate pages, index, rankings, constant-time, summary, method, CSV/JSON); several run directories make one site',
    )
    .argument('<run-dirs...>', 'run directories written by "ngcc-perf run" (one per system)')
    .option(
      '--out <dir>',
      'write reports/ and exports/ here instead of into the run directory; needed for several runs (the site: index of systems × candidates, cross-system summary)',
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
      const categories = await categoriesOption(flags.category);
      const datasets = [];
      for (const directory of directories) datasets.push(await loadRunDirectory(directory, categories));
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
      const written =
        datasets.length === 1
          ? await writeRunReports(datasets[0]!, flags.out ?? directories[0]!, {
              ...categories,
              runDirectory: directories[0]!,
            })
          : await writeSite(datasets, flags.out!, directories, categories);
      // the site index last: it links every page, so it is the one to open
      const last = REPORT_PATHS.siteIndexHtml;
      const ordered = [...written.filter((file) => file !== last), ...written.filter((file) => file === last)];
      const out = path.resolve(flags.out ?? directories[0]!);
      for (const file of ordered) context.io.stdout(`${path.join(out, ...file.split('/'))}\n`);
    });
}
