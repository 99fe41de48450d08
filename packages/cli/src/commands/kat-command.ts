import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { parseManifest, runKat, VERDICT_EXIT_CODES } from '@ngcc-perf/kat';
import type { CommandContext } from '../command-context.js';
import { locateNative } from '../locate-native.js';
import { parseInteger } from '../parse-options.js';

interface KatFlags {
  digestBits: string;
  name: string;
  label?: string;
  manifest?: string;
  katDir?: string;
  outDir?: string;
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
    .option('--json', 'print { verdict, files } as JSON')
    .action(async (library: string, flags: KatFlags) => {
      const digestBits = parseInteger('--digest-bits', flags.digestBits, 8, 1 << 20);
      const manifest =
        flags.manifest === undefined ? undefined : parseManifest(await readFile(flags.manifest, 'utf8'), flags.manifest);
      const result = await runKat({
        library,
        digestBits,
        name: flags.name,
        candidateId: flags.label ?? flags.name,
        label: flags.label ?? flags.name,
        manifest,
        katDir: flags.katDir,
        outDir: flags.outDir,
        driverPath: locateNative().driverPath,
      });
      if (flags.json) {
        context.io.stdout(`${JSON.stringify({ verdict: result.verdict, files: result.files }, null, 2)}\n`);
      } else {
        context.io.stdout(result.logText);
      }
      context.setExitCode(VERDICT_EXIT_CODES[result.verdict]);
    });
}
