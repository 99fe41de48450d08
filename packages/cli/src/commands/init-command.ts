import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { CommandContext } from '../command-context.js';
import { EXIT_BAD_INPUT } from '../exit-codes.js';
import { checkWritableFolder } from '../internal/writable-folder.js';
import {
  candidateDocument,
  officialManifestPath,
  readBundledCatalog,
  resolveRunInputs,
  type DiscoveredPackage,
  type FolderSuggestion,
  type RefusedInput,
} from '@ngcc-perf/intake';

interface InitFlags {
  out?: string;
  json?: boolean;
}

/**
 * The lines that say what would measure a folder discovery left out: the headers to copy into it
 * first, then the candidate.json `instances` entry (paste it as it is), or why none can be given.
 */
function wouldChange(folder: string, suggestion: FolderSuggestion | undefined): string[] {
  if (suggestion === undefined) return [];
  const lines: string[] = [];
  const copies = suggestion.missingHeaders.filter((m) => m.copyFrom !== null);
  const absent = suggestion.missingHeaders.filter((m) => m.copyFrom === null);
  if (absent.length > 0) {
    lines.push(
      `      cannot be built as it is: its sources include ${absent.map((m) => m.header).join(', ')}, which neither the folder nor the rest of the package holds (gcc: No such file or directory); supply ${absent.length === 1 ? 'it' : 'them'} to measure it`,
    );
    return lines;
  }
  if (suggestion.instance === null) {
    const why =
      suggestion.twin === null
        ? 'no instance of the package has its folder name or instance name, so its digest length and official digests are unknown; add it to "instances" with its "digestBits" and the "katName" whose digests it must match'
        : !suggestion.definesCryptHash
          ? 'no object of its sources defines CryptHash (checked with nm), so there is no entry point to measure'
          : `the linker leaves ${suggestion.undefinedSymbols.join(', ')} undefined; list the sources that define them in "sources"`;
    lines.push(`      not measurable as it is: ${why}`);
    return lines;
  }
  const { instance } = suggestion;
  const twin = suggestion.twin!;
  let step = 1;
  for (const m of copies)
    lines.push(
      `      ${step === 1 ? 'to measure it, ' : ''}${step++}. copy ${m.copyFrom} into ${folder}/: its sources include ${m.header}, which the folder lacks (gcc: No such file or directory)${m.copyFrom === `${twin.folder}/${m.header}` ? `; it is the header of ${twin.name}, its twin` : ''}`,
    );
  lines.push(
    `      ${copies.length === 0 ? 'to measure it,' : `${step}.`} add to candidate.json "instances" (${twin.katName}'s digest length; "katName" judges its KATs by ${twin.name}'s official digests):`,
  );
  lines.push(`        ${JSON.stringify(instance)}`);
  return lines;
}

/**
 * What an instance's line says of it: its digest length for a hash instance (`256 bits`), its
 * category for a public-key one (`kem`), whose header has no digest length.
 */
export function instanceKind(instance: { category: string; digestBits: number | null }): string {
  return instance.digestBits === null ? instance.category : `${instance.digestBits} bits`;
}

/** The lines `ngcc-perf init` prints for one package: every folder, what it became and why. */
function renderFound(found: DiscoveredPackage, file: string, manifest: string | null, archive: string | null): string {
  const lines = [
    `${found.id} ${found.algorithm}${found.catalogued ? '' : ' (not in the catalog)'}${archive ? ` from ${archive}` : ''} -> ${file}`,
  ];
  lines.push(
    `  KAT digests: ${manifest === null ? "no official manifest under this name; run looks the generated KAT files up in every official manifest (the one holding their digests judges them), else the package's own KAT files where present" : `official manifest ${found.id} (matched by KAT kind and digest, whatever the label spelling)`}`,
  );
  found.instances.forEach((i, index) => {
    const kat =
      i.katFiles.length > 0 ? `, ${i.katFiles.length} package KAT file${i.katFiles.length === 1 ? '' : 's'}` : '';
    lines.push(
      `  ${i.name.padEnd(28)} ${instanceKind(i).padStart(10)}  ${i.version.label} (${i.version.variant} profile)  ${i.sources.length} source${i.sources.length === 1 ? '' : 's'}${kat}`,
    );
    lines.push(`      folder ${i.folder}`);
    for (const e of i.excluded) lines.push(`      left out ${e.file}: ${e.reason} (nm)`);
    for (const a of i.added)
      lines.push(`      added ${a.kind === 'source' ? 'source' : 'include folder'} ${a.file}: ${a.reason}`);
    for (const t of i.targetFlags) lines.push(`      target flag ${t.flag} (the build adds it too): ${t.reason}`);
    lines.push(`      candidate.json: "instances"[${index}] "sources" and "includeDirs" change what is built`);
  });
  for (const f of found.folders.filter((x) => x.role !== 'instance')) {
    lines.push(`  ${f.role === 'shared' ? 'shared' : 'left out'}  ${f.folder}: ${f.detail}`);
    if (f.role === 'left-out') lines.push(...wouldChange(f.folder, f.suggestion));
  }
  return `${lines.join('\n')}\n`;
}

/** The lines `ngcc-perf init` prints for a package that yields nothing. */
function renderRefused(refused: RefusedInput): string {
  const lines = [
    `${refused.candidate ?? refused.packageName} from ${refused.input}: nothing measurable, ${refused.reason}`,
  ];
  for (const f of refused.folders)
    lines.push(`  ${f.role === 'shared' ? 'shared' : 'left out'}  ${f.folder}: ${f.detail}`);
  return `${lines.join('\n')}\n`;
}

/**
 * `ngcc-perf init PACKAGE... [--out DIR] [--json]`: discovers each official package (folder,
 * `.zip`, or a folder of those; @ngcc-perf/intake/docs/CANDIDATE.md) and writes the candidate.json that `run` would
 * use into the package folder — for an archive, into its extraction under `--out` (default
 * `candidates/`) — then explains every folder: measured as which instance (its sources and the
 * ones added from elsewhere, and why), shared, or left out and why, with the candidate.json lines
 * that would change it. A package that yields nothing is explained too and makes the exit code 2.
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
      const refused: RefusedInput[] = [];
      const resolved = await resolveRunInputs(packages, {
        extractionDirectory: path.resolve(flags.out ?? 'candidates'),
        catalog,
        refused,
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
      if (flags.json)
        context.io.stdout(`${JSON.stringify([...report, ...refused.map((r) => ({ refused: r }))], null, 2)}\n`);
      else for (const r of refused) context.io.stdout(renderRefused(r));
      // a package that yields nothing (or an archive refused unsafe) is bad input: each is named, the others were written
      for (const r of refused) context.io.stderr(`[ngcc-perf] ${r.input}: ${r.reason}\n`);
      if (refused.length > 0) context.setExitCode(EXIT_BAD_INPUT);
    });
}
