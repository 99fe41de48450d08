/**
 * C source text with comments and string/char literals blanked (newlines kept), so that a search
 * for `main(` or a macro never matches inside a comment — submitted files carry CRLF line endings
 * and UTF-8 comments. A byte-order mark is dropped.
 * @example
 * stripComments('int a; /* main() *\/ // x\n'); // 'int a;  \n' (comment text gone)
 */
export function stripComments(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (match) =>
      match.startsWith('"') || match.startsWith("'") ? match[0]! + match[0]! : match.replace(/[^\n]/g, ' '),
    );
}

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

/**
 * Whether a C/C++ source defines a `main` function (the ICCS KAT generator, a submitter's test
 * program): such a file is never linked into the instance's library.
 * @example
 * definesMain('int main (int argc, char **argv)\r\n{ return 0; }'); // true
 */
export function definesMain(text: string): boolean {
  return /(^|[\s*])main\s*\([^;{}]*\)\s*\{/.test(stripComments(text));
}

/**
 * Names of the functions a C source defines at file scope (`type name(args) {`), for deciding
 * whether the algorithm's own files use the ICCS DRNG.
 * @example
 * definedFunctions('static int f(void) { return 0; }\nint g(int x)\n{ return x; }'); // ['f', 'g']
 */
export function definedFunctions(text: string): string[] {
  const code = stripComments(text);
  const names = new Set<string>();
  for (const match of code.matchAll(/([A-Za-z_]\w*)\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*\{/g)) {
    const name = match[1]!;
    if (!['if', 'for', 'while', 'switch', 'return', 'sizeof'].includes(name)) names.add(name);
  }
  return [...names];
}

/**
 * Whether a source calls or names any of `identifiers` outside comments.
 * @example
 * usesAny('x = drng_generate(s, 8);', ['drng_generate']); // true
 */
export function usesAny(text: string, identifiers: readonly string[]): boolean {
  if (identifiers.length === 0) return false;
  const code = stripComments(text);
  return identifiers.some((id) => new RegExp(`(^|[^\\w])${id}\\s*\\(`).test(code));
}
