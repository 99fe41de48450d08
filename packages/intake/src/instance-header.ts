import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { readInstanceMacros, type InstanceMacros } from './c-source-text.js';
import { buildScriptDefines, type ScriptDefine } from './build-script-defines.js';
import { definesInstanceName, readInstanceName } from './instance-name.js';
import { PREBUILT_FILE } from './prebuilt-objects.js';
import type { CategoryChoice } from './public-key-entry.js';
import type { PackageFolder } from './walk-package.js';

const HEADER = /\.(h|hh|hpp)$/i;
const CODE = /\.(c|s|cc|cpp|cxx)$/i;
const join = (folder: string, file: string) => (folder === '.' ? file : `${folder}/${file}`);

const PREFERRED_HEADER = 'CryptHash_AlgorithmInstance.h';
/** A declaration of a function of the official NGCC public-key APIs (`kem_keygen(`, `sig_sign(`, `kex_init_a(`). */
const OFFICIAL_PUBLIC_KEY_API =
  /\b(kem|sig|kex)_(get_\w+_len_bytes|get_passes_num|keygen|enc|dec|sign|verify|init_[ab]|generate_pass\d_msg_[ab]|derive_ss_[ab])\s*\(/;

/** An instance header: a CryptHash one (`digestBits` set) or a public-key one (`digestBits` null, its API read by nm). */
export interface FoundHeader {
  header: string;
  macros: Omit<InstanceMacros, 'digestBits'> & { digestBits: number | null };
  /** Why the header's ALGORITHM_INSTANCE gives no name (gcc's words), else null/absent. */
  nameProblem?: string | null;
  /** Macros the package's build scripts define that the name was read with (and the build gets). */
  defines?: ScriptDefine[];
}

/**
 * The instance header of a package folder: a CryptHash one (`ALGORITHM_INSTANCE` and
 * `DIGEST_BIT_LENGTH`), else a public-key one (`ALGORITHM_INSTANCE` alone, with an official API
 * function named by the folder's code or headers, or defined by a prebuilt object or archive of
 * the folder (`nm`)), its name read as {@link readInstanceName} does
 * with the folder's build-script defines; null when the folder has none.
 * @example
 * (await instanceHeader(root, folder, [{ id: 'kem', symbols: ['kem_keygen'] }], filesOf))?.header; // 'Ref/X/KEM_AlgorithmInstance.h'
 */
export async function instanceHeader(
  root: string,
  folder: PackageFolder,
  categories: readonly CategoryChoice[],
  filesOf: ReadonlyMap<string, readonly string[]>,
): Promise<FoundHeader | null> {
  const headers = folder.files
    .filter((f) => HEADER.test(f))
    .sort(
      (a, b) =>
        Number(b === PREFERRED_HEADER) - Number(a === PREFERRED_HEADER) ||
        Number(/AlgorithmInstance\.h$/i.test(b)) - Number(/AlgorithmInstance\.h$/i.test(a)) ||
        (a < b ? -1 : a > b ? 1 : 0),
    );
  const texts = new Map<string, string>();
  for (const header of headers) {
    const text = await readFile(path.join(root, folder.relative, header), 'utf8');
    texts.set(header, text);
    const macros = readInstanceMacros(text);
    if (macros !== null) return { header: join(folder.relative, header), macros };
  }
  // a public-key instance header defines ALGORITHM_INSTANCE alone, and the folder's code or headers
  // name the official API functions; which category it is, the objects' nm decides
  const apiNames = categories.flatMap((c) => c.symbols);
  const declaresApi = (text: string) =>
    OFFICIAL_PUBLIC_KEY_API.test(text) || apiNames.some((n) => new RegExp(`\\b${n}\\s*\\(`).test(text));
  const naming = headers.filter((h) => definesInstanceName(texts.get(h)!) !== null);
  if (naming.length === 0) return null;
  let api = naming.some((h) => declaresApi(texts.get(h)!));
  for (const file of folder.files.filter((f) => HEADER.test(f) || CODE.test(f))) {
    if (api) break;
    api = declaresApi(texts.get(file) ?? (await readFile(path.join(root, folder.relative, file), 'utf8')));
  }
  // a folder whose API comes prebuilt: an object or archive of its own defining an API function (nm)
  for (const file of folder.files.filter((f) => PREBUILT_FILE.test(f))) {
    if (api) break;
    const listed = await execa('nm', ['--defined-only', '--format=posix', path.join(root, folder.relative, file)], {
      reject: false,
    });
    const defined = new Set(
      String(listed.stdout)
        .split('\n')
        .map((line) => line.split(' ')[0]),
    );
    api = listed.exitCode === 0 && apiNames.some((n) => defined.has(n));
  }
  if (!api) return null;
  const header = naming[0]!;
  const text = texts.get(header)!;
  const defines = await buildScriptDefines(root, folder.relative, filesOf);
  const name = await readInstanceName(path.join(root, folder.relative, header), text, [], defines);
  const line = definesInstanceName(text)!.line;
  const problem = name !== null && 'problem' in name ? name.problem : null;
  return {
    header: join(folder.relative, header),
    macros: {
      instanceName: name !== null && 'instanceName' in name ? name.instanceName : '',
      instanceNameLine: name?.instanceNameLine ?? line,
      digestBits: null,
    },
    nameProblem: problem,
    defines: name !== null && 'readBy' in name && name.readBy === 'preprocessor' ? defines : [],
  };
}
