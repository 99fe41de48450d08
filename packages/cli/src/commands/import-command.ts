import path from 'node:path';
import type { Command } from 'commander';
import type { CommandContext } from '../command-context.js';
import { checkWritableFolder } from '../internal/writable-folder.js';
import {
  importAnchorDataset,
  type ImportAnchorDatasetOptions,
  type ImportAnchorDatasetResult,
} from '@ngcc-perf/anchor-import';

/** What `import` calls; tests may pass a fake. */
export interface ImportDependencies {
  importAnchorDataset: (options: ImportAnchorDatasetOptions) => Promise<ImportAnchorDatasetResult>;
}

const DEFAULT_DEPENDENCIES: ImportDependencies = { importAnchorDataset };

interface ImportFlags {
  system?: string;
  out: string;
  replace?: boolean;
  json?: boolean;
}

/**
 * The human summary of an import: what was written, what could not be, and the next step.
 * @example
 * io.stdout(renderImportSummary('anchor-data/arm_1', result));
 */
export function renderImportSummary(sourceDirectory: string, result: ImportAnchorDatasetResult): string {
  const lines = [
    `Imported ${sourceDirectory} (ngcc-harness, record schema 2) as system ${result.systemId} into ${result.outDirectory}:`,
    `  ${result.instances} instance(s) of ${result.candidates.length} candidate(s) (${result.candidates.join(', ') || 'none'}), ` +
      `${result.records} record(s), ${result.katLogs} KAT log(s) copied byte for byte`,
  ];
  if (result.unimported.length > 0) {
    lines.push(
      `  ${result.unimported.length} item(s) format 1 cannot hold, kept verbatim and listed in campaign.json origin.unimported`,
    );
  }
  lines.push(`Render it with: ngcc-perf report ${result.outDirectory}`, '');
  return lines.join('\n');
}

/**
 * `ngcc-perf import DIR [--system ID] --out RUN_DIR [--replace] [--json]`: reads a dataset
 * published by the public NGCC harness (record schema 2) and writes an ngcc-perf run directory
 * that keeps every source field (docs/IMPORT.md). The system id defaults to DIR's folder name.
 * A non-empty RUN_DIR is refused unless `--replace` (and then only a run directory is replaced).
 * Exit 0 on success, 2 when the dataset fails a check (the message names the file and field).
 * @example
 * registerImportCommand(program, context);
 */
export function registerImportCommand(
  program: Command,
  context: CommandContext,
  dependencies: ImportDependencies = DEFAULT_DEPENDENCIES,
): void {
  program
    .command('import')
    .description(
      'read a dataset published by the NGCC harness (record schema 2) into an ngcc-perf run directory, keeping every field',
    )
    .argument('<dir>', 'the dataset folder: campaign.json, build.json, records/, kat/ (e.g. performance/data/arm_1)')
    .option('--system <id>', 'system id of the run (default: the folder name of <dir>)')
    .requiredOption('--out <run-dir>', 'run directory to write (must not exist or be empty)')
    .option('--replace', 'replace an existing run directory at --out')
    .option('--json', 'print what was written as JSON')
    .action(async (directory: string, flags: ImportFlags) => {
      await checkWritableFolder(flags.out, '--out');
      const systemId = flags.system ?? path.basename(path.resolve(directory));
      context.io.stderr(`[ngcc-perf] importing ${directory} as system ${systemId}\n`);
      const result = await dependencies.importAnchorDataset({
        sourceDirectory: directory,
        systemId,
        outDirectory: flags.out,
        replace: flags.replace === true,
      });
      for (const item of result.unimported)
        context.io.stderr(`[ngcc-perf] not imported: ${item.file}: ${item.reason}\n`);
      context.io.stdout(flags.json ? `${JSON.stringify(result, null, 2)}\n` : renderImportSummary(directory, result));
      context.setExitCode(0);
    });
}
