import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { parseManifest, runKat, VERDICT_EXIT_CODES } from '@ngcc-perf/kat';
import type { CommandContext } from '../command-context.js';
import { CliError } from '../cli-error.js';
import { locateNative } from '../locate-native.js';
import { parseInteger } from '../parse-options.js';
import { writeManifestFromKatFiles } from '../write-manifest.js';

interface KatFlags {
  digestBits: string;
  name: string;
  label?: string;
  manifest?: string;
  katDir?: string;
  outDir?: string;
  writeManifest?: string;
  json?: boolean;
}

/** `ngcc-perf kat LIB --digest-bits N --name NAME …`: exit code = verdict code (SPEC §4). */
export function registerKatCommand(program: Command, context: CommandContext): void {
  program
    .command('kat')
    .description('generate KAT_2_12 and KAT_2_23 through the library and check them (exit code = verdict code)')
    .argument('<lib>', 'shared library exporting CryptHash')
    .requiredOption('--digest-bits <n>', 'digest length in bits')
    .requiredOption('--name <name>', 'instance name (KAT file names are KAT_2_12_<name>.txt …)')
    .option('--label <label>', 'manifest label (the folder part of "<label>/<file>"); default: the name')
    .option('--manifest <file>', 'kat.sha256 manifest (SPEC §4)')
    .option('--kat-dir <dir>', 'folder of submitted KAT files, compared when the manifest has no entry')
    .option('--out-dir <dir>', 'write the generated KAT files here')
    .option('--write-manifest <file>', 'add or replace the lines of this instance\'s KAT files (from --kat-dir, else the generated ones in --out-dir) in this manifest')
    .option('--json', 'print { verdict, files } as JSON')
    .action(async (library: string, flags: KatFlags) => {
      const digestBits = parseInteger('--digest-bits', flags.digestBits, 8, 1 << 20);
      const label = flags.label ?? flags.name;
      if (flags.writeManifest !== undefined) {
        if (flags.katDir === undefined && flags.outDir === undefined) {
          throw new CliError('USAGE', '--write-manifest needs --kat-dir (reference files to hash) or --out-dir (hash the generated files).');
        }
        if (flags.katDir !== undefined) {
          await writeManifestFromKatFiles({ manifestPath: flags.writeManifest, katDirectory: flags.katDir, name: flags.name, label });
          flags.manifest = flags.writeManifest;
        }
      }
      const manifest =
        flags.manifest === undefined ? undefined : parseManifest(await readFile(flags.manifest, 'utf8'), flags.manifest);
      const result = await runKat({
        library,
        digestBits,
        name: flags.name,
        candidateId: label,
        label,
        manifest,
        katDir: flags.katDir,
        outDir: flags.outDir,
        driverPath: locateNative().driverPath,
      });
      if (flags.writeManifest !== undefined && flags.katDir === undefined && flags.outDir !== undefined) {
        const written = await writeManifestFromKatFiles({ manifestPath: flags.writeManifest, katDirectory: flags.outDir, name: flags.name, label });
        context.io.stderr(`[ngcc-perf] ${flags.writeManifest}: wrote ${written.length} entries for ${label}\n`);
      }
      if (flags.json) {
        context.io.stdout(`${JSON.stringify({ verdict: result.verdict, files: result.files }, null, 2)}\n`);
      } else {
        context.io.stdout(result.logText);
      }
      context.setExitCode(VERDICT_EXIT_CODES[result.verdict]);
    });
}
