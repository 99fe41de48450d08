import { open } from 'node:fs/promises';
import path from 'node:path';
import type { CategoryChoice } from './public-key-entry.js';

/** Which official API a package's code is written for: the CryptHash API, a public-key one, or neither that its text shows. */
export type PackageApi = 'hash' | 'public-key' | null;

/** Bytes read of each file: the API's functions are declared near the top of headers and sources. */
const READ_BYTES = 256 * 1024;

async function head(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(READ_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

/**
 * The official API a package's C text names, so that a refusal speaks of the right one: `hash` when
 * a file names `CryptHash`, `public-key` when files name a function of a public-key API (`kem_keygen`,
 * `sig_sign`, `kex_init_a`, … — the categories' API symbols) and none names `CryptHash`, else null.
 * An instance header without `DIGEST_BIT_LENGTH` already says `public-key` (`instanceHeaders`).
 * @param root - the package folder
 * @param files - its header and source files, relative to `root`
 * @param categories - the public-key categories and their API symbols
 * @param publicKeyHeader - true when a folder holds a public-key instance header
 * @example
 * await packageApi('submissions/Amoeba', ['src/api.h', 'src/kem.c'], builtInPublicKeyCategories(), false); // 'public-key'
 */
export async function packageApi(
  root: string,
  files: readonly string[],
  categories: readonly CategoryChoice[],
  publicKeyHeader: boolean,
): Promise<PackageApi> {
  if (publicKeyHeader) return 'public-key';
  const symbols = [...new Set(categories.flatMap((c) => c.symbols))];
  const publicKeyCall = new RegExp(`\\b(${symbols.join('|')})\\s*\\(`);
  let publicKey = false;
  for (const file of files) {
    let text: string;
    try {
      text = await head(path.join(root, file));
    } catch {
      continue; // unreadable: the compiler will say so where it matters
    }
    if (/\bCryptHash\s*\(/.test(text)) return 'hash';
    if (symbols.length > 0 && publicKeyCall.test(text)) publicKey = true;
  }
  return publicKey ? 'public-key' : null;
}

/** The words a refusal uses for the instance header and the API of a package written for `api`. */
export function apiWords(api: PackageApi): { header: string; library: string; hardware: string; add: string } {
  if (api === 'public-key')
    return {
      header: 'a header of its own defining ALGORITHM_INSTANCE (a KEM, signature or key-exchange instance header)',
      library: 'a library defining every function of the KEM, signature or key-exchange API (checked with nm)',
      hardware: 'no C code for the public-key API',
      add: 'add it to candidate.json "instances" with its "sources" and "katName" to measure it',
    };
  if (api === 'hash')
    return {
      header: 'a header of its own defining ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH',
      library: 'a library defining CryptHash',
      hardware: 'no C code for the CryptHash API',
      add: 'add it to candidate.json "instances" with a "katName" and "digestBits" to measure it',
    };
  return {
    header:
      'an instance header of its own (ALGORITHM_INSTANCE, with DIGEST_BIT_LENGTH for a hash function, without it for a KEM, signature or key exchange)',
    library: 'a library defining CryptHash or a public-key API (checked with nm)',
    hardware: 'no C code for an NGCC API',
    add: 'add it to candidate.json "instances" with its "sources" and "katName" to measure it',
  };
}
