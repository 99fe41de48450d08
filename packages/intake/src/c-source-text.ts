/** The instance macros of a header (`ALGORITHM_INSTANCE "name"`, `DIGEST_BIT_LENGTH n`). */
export interface InstanceMacros {
  /** The instance name used in KAT file names and manifest labels (`litchi_512`, `CHAMP-1024`). */
  instanceName: string;
  /** 1-based line of the header that defines `ALGORITHM_INSTANCE`. */
  instanceNameLine: number;
  digestBits: number;
}

const NAME_MACRO = /^[ \t]*#[ \t]*define[ \t]+ALGORITHM_INSTANCE[ \t]+"([^"\n]+)"/m;

/**
 * Reads the instance macros from a header's text, or null when it does not define both
 * `ALGORITHM_INSTANCE` (a string) and `DIGEST_BIT_LENGTH` (a positive multiple of 8). Source: the
 * ICCS CryptHash API header every instance folder carries.
 * @example
 * readInstanceMacros('#define ALGORITHM_INSTANCE "toy_512"\r\n#define DIGEST_BIT_LENGTH 512\r\n');
 * // { instanceName: 'toy_512', instanceNameLine: 1, digestBits: 512 }
 */
export function readInstanceMacros(text: string): InstanceMacros | null {
  const plain = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = plain.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, '');
  const name = NAME_MACRO.exec(lines);
  const bits = /^[ \t]*#[ \t]*define[ \t]+DIGEST_BIT_LENGTH[ \t]+\(?[ \t]*(\d+)[uUlL]*[ \t]*\)?/m.exec(lines);
  if (!name || !bits) return null;
  const digestBits = Number(bits[1]);
  if (!Number.isSafeInteger(digestBits) || digestBits <= 0 || digestBits % 8 !== 0) return null;
  // the line in the file as written (comments blanked, their line ends kept)
  const kept = plain.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, '');
  const at = NAME_MACRO.exec(kept)?.index ?? Math.max(0, plain.indexOf('ALGORITHM_INSTANCE'));
  const instanceNameLine = plain.slice(0, at).split('\n').length;
  return { instanceName: name[1]!.trim(), instanceNameLine, digestBits };
}
