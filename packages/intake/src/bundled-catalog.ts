import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntakeError } from './intake-error.js';
import { readHashCatalog, type HashCatalog } from './hash-catalog.js';

function findUpwards(start: string, relative: string): string | null {
  for (let directory = start; ; directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, relative))) return path.join(directory, relative);
    if (path.dirname(directory) === directory) return null;
  }
}

/**
 * The catalog and official manifests shipped with ngcc-perf (`data/`: the 35 NGCC round-1 hash
 * candidates and their `kat.sha256`), or the folder named by `NGCC_PERF_CATALOG`.
 * @throws {@link IntakeError} `PACKAGE_INVALID` when the data folder is missing or malformed.
 * @example
 * readBundledCatalog().entries.length; // 35
 */
export function readBundledCatalog(): HashCatalog {
  const fromEnv = process.env.NGCC_PERF_CATALOG;
  if (fromEnv !== undefined && fromEnv !== '') return readHashCatalog(path.resolve(fromEnv));
  const found = findUpwards(path.dirname(fileURLToPath(import.meta.url)), path.join('data', 'ngcc-hash-catalog.csv'));
  if (found === null)
    throw new IntakeError(
      'PACKAGE_INVALID',
      'the bundled catalog data/ngcc-hash-catalog.csv was not found beside ngcc-perf. Reinstall ngcc-perf or set NGCC_PERF_CATALOG.',
    );
  return readHashCatalog(path.dirname(found));
}

/**
 * The official manifest of a candidate id in a catalog, or null when there is none.
 * @example
 * officialManifestPath(readBundledCatalog(), 'hash-15'); // '<…>/data/manifests/hash-15.kat.sha256'
 */
export function officialManifestPath(catalog: HashCatalog, id: string): string | null {
  if (catalog.manifestDirectory === null || !/^[A-Za-z0-9_.-]+$/.test(id)) return null;
  const file = path.join(catalog.manifestDirectory, `${id}.kat.sha256`);
  return existsSync(file) ? file : null;
}
