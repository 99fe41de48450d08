import type { Command } from 'commander';
import {
  ALL_KAT_FILES,
  DEFAULT_KAT_FILES,
  runKat,
  VERDICT_EXIT_CODES,
  writeManifestFromKatFiles,
  type KatFileKind,
} from '@ngcc-perf/kat';
import type { CommandContext } from '../command-context.js';
import { CliError } from '../cli-error.js';
import { parseInteger, parsePositiveNumber } from '../parse-options.js';
import { driverPath } from '@ngcc-perf/native';

interface KatFlags {
  digestBits: string;
  name: string;
  label?: string;
  manifest?: string;
  katDir?: string;
  outDir?: string;
  writeManifest?: string;
  full?: boolean;
  loop?: boolean;
  timeout?: string;
  maxMemoryBytes?: string;
  json?: boolean;
}

/** The KAT files a `kat` run covers: the default gate, plus KAT_Loop with `--loop`, or all four with `--full` (the ICCS KAT rules). */
export function katFilesFor(flags: { full?: boolean | undefined; loop?: boolean | undefined }): readonly KatFileKind[] {
  if (flags.full === true) return ALL_KAT_FILES;
  return flags.loop === true ? [...DEFAULT_KAT_FILES, 'KAT_Loop'] : DEFAULT_KAT_FILES;
}

function parseMemoryLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const bytes = parseInteger('--max-memory-bytes', value, 0);
  if (bytes !== 0 && bytes < 16 * 2 ** 20) {
    throw new CliError('USAGE', `--max-memory-bytes must be 0 (no limit) or at least 16777216 (16 MiB), got ${bytes}.`);
  }
  return bytes;
}

/** `ngcc-perf kat LIB --digest-bits N --name NAME …`: exit code = verdict code (the ICCS KAT rules). */
export function registerKatCommand(program: Command, context: CommandContext): void {
  program
    .command('kat')
    .description('generate the NGCC KAT files through the library and check them (exit code = verdict code)')
    .argument('<lib>', 'shared library exporting CryptHash')
    .requiredOption('--digest-bits <n>', 'digest length in bits')
    .requiredOption('--name <name>', 'instance name (KAT file names are KAT_2_12_<name>.txt …)')
    .option('--label <label>', 'manifest label (the folder part of "<label>/<file>"); default: the name')
    .option('--manifest <file>', 'kat.sha256 manifest (the ICCS KAT rules)')
    .option(
      '--kat-dir <dir>',
      'folder of submitted KAT files, compared record by record when the manifest has no entry',
    )
    .option('--out-dir <dir>', 'write the generated KAT files here')
    .option('--full', 'also KAT_2_33 (three 1 GiB messages) and KAT_Loop (10^6 chained hashes)')
    .option('--loop', 'also KAT_Loop (10^6 chained hashes, run inside the driver)')
    .option('--timeout <seconds>', 'seconds one KAT file may take before the library is killed (TIMEOUT)', '900')
    .option(
      '--max-memory-bytes <n>',
      'address-space limit of the driver process (0: none; default 2 GiB + twice the longest message)',
    )
    .option(
      '--write-manifest <file>',
      'hash the reference KAT files of this instance (from --kat-dir, else the generated ones in --out-dir) and add or replace their lines, sorted, in this manifest',
    )
    .option('--json', 'print { verdict, detail, files, logSha256 } as JSON')
    .action(async (library: string, flags: KatFlags) => {
      const digestBits = parseInteger('--digest-bits', flags.digestBits, 8, 1 << 20);
      const timeoutSeconds = parsePositiveNumber('--timeout', flags.timeout ?? '900');
      const maxMemoryBytes = parseMemoryLimit(flags.maxMemoryBytes);
      const label = flags.label ?? flags.name;
      if (flags.writeManifest !== undefined) {
        if (flags.katDir === undefined && flags.outDir === undefined) {
          throw new CliError(
            'USAGE',
            '--write-manifest needs --kat-dir (reference files to hash) or --out-dir (hash the generated files).',
          );
        }
        if (flags.katDir !== undefined) {
          const written = await writeManifestFromKatFiles({
            manifestPath: flags.writeManifest,
            katDirectory: flags.katDir,
            name: flags.name,
            label,
          });
          context.io.stderr(`[ngcc-perf] ${flags.writeManifest}: wrote ${written.length} entries for ${label}\n`);
          flags.manifest = flags.writeManifest;
        }
      }
      // A path: runKat reads it, and a missing or unreadable file is its typed MANIFEST_UNREADABLE.
      const manifest = flags.manifest;
      const result = await runKat({
        library,
        digestBits,
        name: flags.name,
        candidateId: label,
        label,
        manifest,
        katDir: flags.katDir,
        outDir: flags.outDir,
        files: katFilesFor(flags),
        timeoutSeconds,
        ...(maxMemoryBytes === undefined ? {} : { maxMemoryBytes }),
        driverPath: await driverPath(),
        onProgress: (message) => context.io.stderr(`[ngcc-perf] ${message}\n`),
      });
      if (flags.writeManifest !== undefined && flags.katDir === undefined && flags.outDir !== undefined) {
        const written = await writeManifestFromKatFiles({
          manifestPath: flags.writeManifest,
          katDirectory: flags.outDir,
          name: flags.name,
          label,
        });
        context.io.stderr(`[ngcc-perf] ${flags.writeManifest}: wrote ${written.length} entries for ${label}\n`);
      }
      if (flags.json) {
        context.io.stdout(
          `${JSON.stringify({ verdict: result.verdict, detail: result.detail, files: result.files, logSha256: result.logSha256 }, null, 2)}\n`,
        );
      } else {
        context.io.stdout(result.logText);
      }
      context.setExitCode(VERDICT_EXIT_CODES[result.verdict]);
    });
}
