import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IntakeError } from './intake-error.js';

/** One NGCC round-1 candidate of the catalog: a hash one (`ngcc-hash-catalog.csv`) or a public-key one (`ngcc-public-key-catalog.csv`). */
export interface CatalogEntry {
  /** `hash-NN`. */
  id: string;
  /** The official name as NICCS lists it (`Litchi`, `The Hash Function CHIME`). */
  officialName: string;
  /** The official archive's file name (`Litchi.zip`, `C Hash.zip`); empty for a public-key candidate (the catalog does not list them). */
  archive: string;
}

/** The candidate catalog and the folder of official `kat.sha256` manifests (`<id>.kat.sha256`). */
export interface HashCatalog {
  entries: CatalogEntry[];
  /** Absolute folder of `<id>.kat.sha256` files, or null when there are none. */
  manifestDirectory: string | null;
}

function csvFields(line: string): string[] {
  const fields: string[] = [];
  const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (const match of line.matchAll(pattern)) {
    const raw = match[1]!;
    fields.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (match[2] === '') break;
  }
  return fields;
}

/**
 * Parses a catalog CSV with the header `id,official_name,archive,…` (extra columns ignored).
 * @throws {@link IntakeError} `PACKAGE_INVALID` naming the file and line when a row lacks a field.
 * @example
 * parseHashCatalog('id,official_name,archive\nhash-15,Litchi,Litchi.zip\n', 'catalog.csv')[0]!.id; // 'hash-15'
 */
export function parseHashCatalog(
  text: string,
  file: string,
  options: { archiveOptional?: boolean } = {},
): CatalogEntry[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const header = csvFields(lines[0] ?? '');
  const column = (name: string) => header.indexOf(name);
  const [id, name, archive] = [column('id'), column('official_name'), column('archive')];
  if (id < 0 || name < 0 || archive < 0) {
    throw new IntakeError(
      'PACKAGE_INVALID',
      `${file} line 1: expected the columns id,official_name,archive. Fix the catalog header.`,
    );
  }
  return lines.slice(1).flatMap((line, index) => {
    if (line.trim() === '') return [];
    const fields = csvFields(line);
    const entry = { id: fields[id] ?? '', officialName: fields[name] ?? '', archive: fields[archive] ?? '' };
    if (!entry.id || !entry.officialName || (!entry.archive && options.archiveOptional !== true)) {
      throw new IntakeError(
        'PACKAGE_INVALID',
        `${file} line ${index + 2}: a row needs id, official_name${options.archiveOptional === true ? '' : ' and archive'}. Fix that row.`,
      );
    }
    return [entry];
  });
}

/** The public-key catalog beside the hash one: ids `kem-NN`, `sign-NN`, `kex-NN` and their official names (no archive names). */
const PUBLIC_KEY_CATALOG = 'ngcc-public-key-catalog.csv';

/**
 * Reads a catalog folder: `ngcc-hash-catalog.csv`, the public-key candidates of
 * `ngcc-public-key-catalog.csv` when the folder has one (their manifests are bundled with
 * @ngcc-perf/kat, not in `manifests/`), and the manifests in `manifests/`.
 * @param directory - a folder laid out like the bundled `data/` folder
 * @throws {@link IntakeError} `PACKAGE_INVALID` when the CSV is missing or malformed.
 */
export function readHashCatalog(directory: string): HashCatalog {
  const file = path.join(directory, 'ngcc-hash-catalog.csv');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new IntakeError(
      'PACKAGE_INVALID',
      `${file}: cannot read the candidate catalog (${(cause as NodeJS.ErrnoException).code ?? String(cause)}). Reinstall ngcc-perf.`,
      { cause },
    );
  }
  const publicKeyFile = path.join(directory, PUBLIC_KEY_CATALOG);
  const publicKey = existsSync(publicKeyFile)
    ? parseHashCatalog(readFileSync(publicKeyFile, 'utf8'), publicKeyFile, { archiveOptional: true })
    : [];
  return {
    entries: [...parseHashCatalog(text, file), ...publicKey],
    manifestDirectory: path.join(directory, 'manifests'),
  };
}

function comparable(name: string): string {
  return name
    .normalize('NFC')
    .replace(/\.zip$/i, '')
    .trim()
    .toLowerCase();
}

/**
 * The catalog entry of a package by its folder or archive name (`Litchi`, `C Hash.zip`), or null.
 * @example
 * findCatalogEntry(catalog, 'C Hash.zip')?.id; // 'hash-03'
 */
export function findCatalogEntry(catalog: HashCatalog, packageName: string): CatalogEntry | null {
  const wanted = comparable(packageName);
  return catalog.entries.find((e) => comparable(e.archive) === wanted || comparable(e.officialName) === wanted) ?? null;
}

/**
 * The id an unknown package runs under: `pkg-` and its name in lower case with every run of other
 * characters than letters and digits made one `-`.
 * @example
 * derivedCandidateId('My Hash (v2)'); // 'pkg-my-hash-v2'
 */
export function derivedCandidateId(packageName: string): string {
  const slug = comparable(packageName)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `pkg-${slug || 'unnamed'}`;
}
