import type { Command } from 'commander';
import type { CommandContext } from '../command-context.js';
import { mergeRuns } from '@ngcc-perf/campaign';
import { checkWritableFolder } from '../internal/writable-folder.js';
import { categoriesOption, withCategoryOption } from '../internal/category-option.js';

interface MergeFlags {
  out: string;
  json?: boolean;
  category: string[];
}

/**
 * `ngcc-perf merge RUN... --out DIR`: the shards of a campaign (or runs of one system and plan) as one dataset.
 * @example
 * registerMergeCommand(program, context); // ngcc-perf merge runs/s1 runs/s2 --out runs/all
 */
export function registerMergeCommand(program: Command, context: CommandContext): void {
  withCategoryOption(program.command('merge'))
    .description(
      'merge the shard run directories of one campaign into one dataset and render its reports (refuses mixed systems or plans)',
    )
    .argument(
      '<runs...>',
      'complete run directories: every shard K/N of one campaign, or runs of other candidates with the same plan',
    )
    .requiredOption('--out <dir>', 'the merged dataset (a new or empty folder)')
    .option('--json', 'print what was merged as JSON')
    .action(async (runs: string[], flags: MergeFlags) => {
      await checkWritableFolder(flags.out, '--out');
      const result = await mergeRuns({
        runDirectories: runs,
        outDirectory: flags.out,
        ...(await categoriesOption(flags.category)),
      });
      if (flags.json) {
        context.io.stdout(`${JSON.stringify(result, null, 2)}\n`);
        return;
      }
      context.io.stderr(
        `[ngcc-perf] merged ${runs.length} runs of ${result.systemId}: ${result.instances} instances, ${result.records} records\n`,
      );
      for (const report of result.reports.html) context.io.stdout(`${result.directory}/${report}\n`);
    });
}
