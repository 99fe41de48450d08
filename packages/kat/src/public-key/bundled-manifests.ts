// The public-key manifests bundled with this package (data/public-key/<id>.kat.sha256, their
// sources in data/public-key/SOURCES.md).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseManifest, type KatManifest } from '../parse-manifest.js';

const ID = /^(kem|sign|kex)-[0-9]{2}$/;

/** The bundled folder: beside `dist/` in an installed package, two levels up from this source file in a checkout. */
export function bundledPublicKeyDirectory(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, '..', 'data', 'public-key'), path.join(here, '..', '..', 'data', 'public-key')];
  return candidates.find((candidate) => existsSync(candidate)) ?? (candidates[0] as string);
}

/**
 * The bundled manifest of a public-key candidate (`kem-02`, `sign-08`, `kex-05`, …): the public
 * harness's `<id>/kat.sha256`, parsed; null when none is bundled (37 are; the verdict is then NOKAT).
 * @throws {KatError} `MANIFEST_*` codes if a bundled file were malformed (a test keeps them valid).
 * @example
 * (await bundledPublicKeyManifest('kem-02'))?.entries.length; // 5
 */
export async function bundledPublicKeyManifest(id: string): Promise<KatManifest | null> {
  if (!ID.test(id)) return null;
  const file = path.join(bundledPublicKeyDirectory(), `${id}.kat.sha256`);
  if (!existsSync(file)) return null;
  return parseManifest(await readFile(file, 'utf8'), `${id}.kat.sha256 (bundled)`);
}
