import type { Command } from 'commander';
import type { CommandContext } from '../command-context.js';
import { publishRun } from '@ngcc-perf/campaign';
import { checkWritableFolder } from '../internal/writable-folder.js';
import { categoriesOption, withCategoryOption } from '../internal/category-option.js';

interface PublishFlags {
  data: string;
  replace?: boolean;
  json?: boolean;
  category: string[];
}

/**
 * `ngcc-perf publish RUN --data DIR [--replace]`: the evidence of a finished run into DIR/<system>/.
 * @example
 * registerPublishCommand(program, context); // ngcc-perf publish runs/all --data data
 */
export function registerPublishCommand(program: Command, context: CommandContext): void {
  withCategoryOption(program.command('publish'))
    .description('copy the evidence of a finished run (or merged dataset) into <data>/<system>/ with relative paths')
    .argument('<run>', 'a complete run directory or merged dataset')
    .requiredOption('--data <dir>', 'the data folder (the dataset goes to <dir>/<system>/)')
    .option('--replace', 'replace a different dataset already published for this system (never done without it)')
    .option('--json', 'print what was published as JSON')
    .action(async (run: string, flags: PublishFlags) => {
      await checkWritableFolder(flags.data, '--data');
      const result = await publishRun({
        runDirectory: run,
        dataDirectory: flags.data,
        replace: flags.replace === true,
        ...(await categoriesOption(flags.category)),
      });
      if (flags.json) {
        context.io.stdout(`${JSON.stringify(result, null, 2)}\n`);
        return;
      }
      const how = {
        copied: 'published',
        replaced: 'replaced the earlier dataset with',
        unchanged: 'already published, unchanged:',
      }[result.status];
      context.io.stderr(`[ngcc-perf] ${how} ${result.files} files of ${result.systemId}\n`);
      context.io.stdout(`${result.directory}\n`);
    });
}
