// Paths and readers for test/fixtures (see test/fixtures/README.md for where each file came from).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** Absolute path of a fixture file. */
export function fixturePath(...parts: string[]): string {
  return path.join(FIXTURES_DIR, ...parts);
}

/** The Wish512 digests (upper-case hex, 64 bytes each) of KAT_2_12 (4097), KAT_2_23 (3), KAT_2_33 (3) or KAT_Loop (1), in file order. */
export function wish512Digests(kind: 'KAT_2_12' | 'KAT_2_23' | 'KAT_2_33' | 'KAT_Loop'): string[] {
  const bytes = readFileSync(fixturePath('wish512', `${kind}_Wish512.dst.bin`));
  const digests: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 64) {
    digests.push(
      bytes
        .subarray(offset, offset + 64)
        .toString('hex')
        .toUpperCase(),
    );
  }
  return digests;
}

/** The NGCC hash-35 (Wish) manifest path. */
export const HASH_35_MANIFEST = fixturePath('ngcc-manifests', 'hash-35.kat.sha256');
