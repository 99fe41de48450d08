import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalDigest } from '../canonical-digest.js';
import { findManifestEntry } from '../find-manifest-entry.js';
import { parseKatFile } from '../parse-kat-file.js';
import type { KatManifest } from '../parse-manifest.js';

/** How one KAT file shipped in a package compares with the official manifest and with the library's own output. */
export interface PackageKatFileCheck {
  /** The file, relative to the candidate folder. */
  file: string;
  /** Against the official manifest entry of the same label and file name (SHA-256 of the canonical form, the ICCS KAT rules). */
  manifest: 'agrees' | 'disagrees' | 'no-entry';
  /** Record by record against the file the library generated in the kat phase. */
  generated: 'agrees' | 'differs' | 'not-generated';
  /** The first difference (`record 17 (line 85) Dst: …`), or null. */
  detail: string | null;
}

function firstDifference(
  packageText: string,
  packageName: string,
  generatedText: string,
  generatedName: string,
): string | null {
  const ours = parseKatFile(packageText, packageName);
  const theirs = parseKatFile(generatedText, generatedName);
  const count = Math.max(ours.length, theirs.length);
  for (let index = 0; index < count; index += 1) {
    const a = ours[index];
    const b = theirs[index];
    if (a === undefined || b === undefined)
      return `the package file has ${ours.length} records, the library's ${theirs.length}`;
    for (const field of a.fields) {
      const other = b.fields.find((f) => f.key === field.key);
      if (other !== undefined && other.value.toUpperCase() !== field.value.toUpperCase()) {
        return `record ${index + 1} (line ${field.line}) ${field.key}: package ${field.value.slice(0, 32)}…, library ${other.value.slice(0, 32)}…`;
      }
    }
  }
  return null;
}

/**
 * Checks the KAT files a package ships for one instance: each against the official manifest
 * (a disagreement is reported, never hidden: the manifest still decides the verdict) and, record
 * by record, against the file the library generated (`generatedDirectory/<same name>`).
 * @param files - absolute paths of the package's KAT files
 * @param root - the candidate folder (paths are reported relative to it)
 * @example
 * const checks = await checkPackageKatFiles({ files, root, manifest, label: 'litchi_512', generatedDirectory: 'runs/x/kat/hash-15/litchi_512' });
 */
export async function checkPackageKatFiles(options: {
  files: readonly string[];
  root: string;
  manifest: KatManifest | undefined;
  label: string;
  generatedDirectory: string;
}): Promise<PackageKatFileCheck[]> {
  const checks: PackageKatFileCheck[] = [];
  for (const file of options.files) {
    const name = path.basename(file);
    const shown = path.relative(options.root, file).split(path.sep).join('/');
    const text = await readFile(file, 'utf8');
    const entry = options.manifest === undefined ? undefined : findManifestEntry(options.manifest, options.label, name);
    const manifest =
      entry === undefined
        ? 'no-entry'
        : canonicalDigest(text, {
              mode: entry.mode,
              ...(entry.recordLimit === undefined ? {} : { recordLimit: entry.recordLimit }),
            }) === entry.digest
          ? 'agrees'
          : 'disagrees';
    let generatedText: string | null = null;
    try {
      generatedText = await readFile(path.join(options.generatedDirectory, name), 'utf8');
    } catch {
      generatedText = null;
    }
    let difference: string | null = null;
    try {
      difference = generatedText === null ? null : firstDifference(text, shown, generatedText, name);
    } catch (error) {
      difference = `the package file cannot be read as a KAT file (${(error as Error).message})`;
    }
    checks.push({
      file: shown,
      manifest,
      generated: generatedText === null ? 'not-generated' : difference === null ? 'agrees' : 'differs',
      detail:
        difference ??
        (manifest === 'disagrees'
          ? `the package file's canonical SHA-256 is not the official manifest's (${options.manifest?.sourceName ?? 'manifest'} line ${entry?.line ?? '?'})`
          : null),
    });
  }
  return checks;
}
