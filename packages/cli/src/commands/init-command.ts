import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { CommandContext } from '../command-context.js';
import { checkWritableFolder } from '../internal/writable-folder.js';
import {
  candidateDocument,
  officialManifestPath,
  readBundledCatalog,
  resolveRunInputs,
  type DiscoveredPackage,
} from '@ngcc-perf/campaign';

interface InitFlags {
  out?: string;
  json?: boolean;
}

/** The lines `ngcc-perf init` prints for one package. */
function renderFound(found: DiscoveredPackage, file: string, manifest: string | null, archive: string | null): string {
  const lines = [
    `${found.id} ${found.algorithm}${found.catalogued ? '' : ' (not in the catalog)'}${archive ? ` from ${archive}` : ''} -> ${file}`,
  ];
  lines.push(
    `  KAT digests: ${manifest === null ? "no official manifest bundled; the package's own KAT files where present" : `official manifest ${found.id}`}`,
  );
  for (const i of found.instances) {
    const kat =
      i.katFiles.length > 0 ? `, ${i.katFiles.length} package KAT file${i.katFiles.length === 1 ? '' : 's'}` : '';
    lines.push(
      `  ${i.name.padEnd(28)} ${String(i.digestBits).padStart(5)} bits  ${i.version.label} (${i.version.variant} profile)  ${i.sources.length} source${i.sources.length === 1 ? '' : 's'}${kat}`,
    );
    for (const e of i.excluded) lines.push(`      left out ${e.file}: ${e.reason}`);
  }
  for (const u of found.unmeasured) lines.push(`  ${u.status.padEnd(14)} ${u.folder}: ${u.reason}`);
  return `${lines.join('\n')}\n`;
}

/**
 * `ngcc-perf init PACKAGE... [--out DIR] [--json]`: discovers each official package (folder,
 * `.zip`, or a folder of those; docs/CANDIDATE.md) and writes the candidate.json that `run` would
 * use into the package folder — for an archive, into its extraction under `--out` (default
 * `candidates/`) — then prints what it found.
 */
export function registerInitCommand(program: Command, context: CommandContext): void {
  program
    .command('init')
    .description(
      "discover the instances of official NGCC packages and write each package's candidate.json (to review or edit)",
    )
    .argument('<packages...>', 'package folders, .zip packages, or folders of those')
    .option('--out <dir>', 'where archives are extracted, each with its candidate.json (default: candidates)')
    .option('--json', 'print the discovered packages as JSON')
    .action(async (packages: string[], flags: InitFlags) => {
      if (flags.out !== undefined) await checkWritableFolder(flags.out, '--out');
      const catalog = readBundledCatalog();
      const resolved = await resolveRunInputs(packages, {
        extractionDirectory: path.resolve(flags.out ?? 'candidates'),
        catalog,
      });
      const report: unknown[] = [];
      for (const { candidate, discovered } of resolved) {
        if (discovered === null) {
          context.io.stderr(`[ngcc-perf] ${candidate.directory} already has a candidate.json; left as it is\n`);
          continue;
        }
        const manifest = officialManifestPath(catalog, discovered.id);
        const file = path.join(discovered.directory, 'candidate.json');
        await writeFile(file, `${JSON.stringify(candidateDocument(discovered, manifest !== null), null, 2)}\n`);
        if (flags.json)
          report.push({
            ...discovered,
            candidateJson: file,
            archive: candidate.origin?.archive ?? null,
            archiveSha256: candidate.origin?.archiveSha256 ?? null,
          });
        else context.io.stdout(renderFound(discovered, file, manifest, candidate.origin?.archive ?? null));
      }
      if (flags.json) context.io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    });
}
