/** The instance macros of a header (`ALGORITHM_INSTANCE "name"`, `DIGEST_BIT_LENGTH n`). */
export interface InstanceMacros {
  /** The instance name used in KAT file names and manifest labels (`litchi_512`, `CHAMP-1024`). */
  instanceName: string;
  digestBits: number;
}

/**
 * Reads the instance macros from a header's text, or null when it does not define both
 * `ALGORITHM_INSTANCE` (a string) and `DIGEST_BIT_LENGTH` (a positive multiple of 8). Source: the
 * ICCS CryptHash API header every instance folder carries.
 * @example
 * readInstanceMacros('#define ALGORITHM_INSTANCE "toy_512"\r\n#define DIGEST_BIT_LENGTH 512\r\n');
 * // { instanceName: 'toy_512', digestBits: 512 }
 */
export function readInstanceMacros(text: string): InstanceMacros | null {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, '');
  const name = /^[ \t]*#[ \t]*define[ \t]+ALGORITHM_INSTANCE[ \t]+"([^"\n]+)"/m.exec(lines);
  const bits = /^[ \t]*#[ \t]*define[ \t]+DIGEST_BIT_LENGTH[ \t]+\(?[ \t]*(\d+)[uUlL]*[ \t]*\)?/m.exec(lines);
  if (!name || !bits) return null;
  const digestBits = Number(bits[1]);
  if (!Number.isSafeInteger(digestBits) || digestBits <= 0 || digestBits % 8 !== 0) return null;
  return { instanceName: name[1]!.trim(), digestBits };
}
