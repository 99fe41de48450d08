import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';

/** The name an instance header gives (`ALGORITHM_INSTANCE`), and the line that defines it. */
export interface InstanceNameMacro {
  /** The instance name: KAT file names and the manifest label (`Aigis-enc-1`). */
  instanceName: string;
  /** 1-based line of the header that defines `ALGORITHM_INSTANCE`. */
  instanceNameLine: number;
  /** `literal`: a string in the header; `preprocessor`: gcc expanded the macro (`NAME STR(PARAMS)`). */
  readBy: 'literal' | 'preprocessor';
}

const DEFINES = /^[ \t]*#[ \t]*define[ \t]+ALGORITHM_INSTANCE\b[ \t]*([^\n]*)$/m;

function plainLines(text: string): { plain: string; kept: string } {
  const plain = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // comments blanked, their line ends kept, so that a match's offset gives the line as written
  const kept = plain.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, '');
  return { plain, kept };
}

/**
 * Whether a header's text defines `ALGORITHM_INSTANCE` (outside comments), and where: the mark of
 * an instance header of the ICCS APIs (CryptHash and the public-key ones), whatever the file's name.
 * @returns the 1-based line and the macro's body as written, or null
 * @example
 * definesInstanceName('#define ALGORITHM_INSTANCE "toy-kem"\n'); // { line: 1, body: '"toy-kem"' }
 */
export function definesInstanceName(text: string): { line: number; body: string } | null {
  const { plain, kept } = plainLines(text);
  const found = DEFINES.exec(kept);
  if (found === null) return null;
  return { line: plain.slice(0, found.index).split('\n').length, body: found[1]!.trim() };
}

/** The C string literals of preprocessed text, concatenated as the compiler does (simple escapes kept as written). */
function concatenatedLiterals(text: string): string | null {
  const literals = [...text.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map((m) => m[1]!);
  if (literals.length === 0) return null;
  return literals.join('');
}

/**
 * The instance name a header gives: the string literal of `#define ALGORITHM_INSTANCE "name"`, or,
 * when the macro is built from others (`SIG_ALGNAME STR(PARAMS)`), what gcc's preprocessor makes of
 * it with the header's folder and `includeDirs` on the include path (as the official KAT program,
 * built without the package's own build script, would name its files); `defines` are the macros
 * the package's build scripts give (`-DMODE=256`). A header with one definition per parameter set
 * (`#if MODE == 256`) is read by the preprocessor too. Null when the header does not define the
 * macro; an {@link InstanceNameProblem} when gcc stops or leaves a macro unset in the name.
 * @param header - absolute path of the header
 * @param text - its text
 * @param includeDirs - absolute folders for the headers it includes
 * @example
 * await readInstanceName('/p/Ref/KEM_AlgorithmInstance.h', '#define ALGORITHM_INSTANCE "toy-kem"\n', []);
 * // { instanceName: 'toy-kem', instanceNameLine: 1, readBy: 'literal' }
 */
export async function readInstanceName(
  header: string,
  text: string,
  includeDirs: readonly string[],
  defines: readonly { name: string; value: string }[] = [],
): Promise<InstanceNameMacro | InstanceNameProblem | null> {
  const defined = definesInstanceName(text);
  if (defined === null) return null;
  const literal = /^"([^"\\\n]+)"$/.exec(defined.body);
  const definitions = (plainLines(text).kept.match(/^[ \t]*#[ \t]*define[ \t]+ALGORITHM_INSTANCE\b/gm) ?? []).length;
  if (literal !== null && definitions === 1)
    return { instanceName: literal[1]!.trim(), instanceNameLine: defined.line, readBy: 'literal' };
  // a macro expression, or one definition per parameter set under #if: gcc's preprocessor decides
  const work = await mkdtemp(path.join(tmpdir(), 'ngcc-perf-name-'));
  try {
    const flags = defines.map((d) => `-D${d.name}=${d.value}`);
    const includes = [path.dirname(header), ...includeDirs].flatMap((d) => ['-I', d]);
    const probe = async (headerFile: string) => {
      const file = path.join(work, 'instance-name.c');
      await writeFile(
        file,
        `#include "${headerFile.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"\nNGCC_PERF_INSTANCE_NAME ALGORITHM_INSTANCE\n`,
      );
      const expanded = await execa('gcc', ['-E', '-P', '-w', ...flags, ...includes, file], { reject: false });
      const macros = await execa('gcc', ['-E', '-dM', '-w', ...flags, ...includes, file], { reject: false });
      return { expanded, macros: String(macros.stdout) };
    };
    let result = await probe(header);
    if (result.expanded.exitCode !== 0 && /No such file or directory/.test(String(result.expanded.stderr))) {
      // a header it includes is not in the package (the official drng.h): the name's macros read without it
      const own = path.join(work, path.basename(header));
      await writeFile(own, text.replace(/^[ \t]*#[ \t]*include\b[^\n]*$/gm, ''));
      result = await probe(own);
    }
    if (result.expanded.exitCode !== 0) {
      const first =
        String(result.expanded.stderr)
          .split('\n')
          .find((l) => /error/.test(l)) ?? '';
      return {
        problem: `gcc's preprocessor stops on it (${first
          .replace(/^.*?error: /, '')
          .trim()
          .slice(0, 200)})`,
        instanceNameLine: defined.line,
      };
    }
    const line = String(result.expanded.stdout)
      .split('\n')
      .find((l) => l.startsWith('NGCC_PERF_INSTANCE_NAME'));
    const name = line === undefined ? null : concatenatedLiterals(line);
    if (name === null) return { problem: 'gcc does not reduce it to a string', instanceNameLine: defined.line };
    // `"Amoeba" STR(SECURITY_LEVEL)` without SECURITY_LEVEL defined names the macro, not a value
    const definedMacros = new Set([...result.macros.matchAll(/^#define ([A-Za-z_]\w*)/gm)].map((m) => m[1]!));
    const unset = [
      ...new Set(defined.body.replace(/"(?:[^"\\\n]|\\.)*"/g, ' ').match(/\b[A-Za-z_]\w*\b/g) ?? []),
    ].filter((id) => !definedMacros.has(id) && name.includes(id));
    if (unset.length > 0)
      return {
        problem: `it spells ${unset.join(', ')} into the name ("${name}") because nothing defines ${unset.length === 1 ? 'it' : 'them'}: the package's build gives ${unset.length === 1 ? 'it' : 'them'} a value`,
        instanceNameLine: defined.line,
        unset,
      };
    return { instanceName: name.trim(), instanceNameLine: defined.line, readBy: 'preprocessor' };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Why a header's `ALGORITHM_INSTANCE` gives no name: what gcc said, and the macros it leaves unset. */
export interface InstanceNameProblem {
  problem: string;
  instanceNameLine: number;
  unset?: string[];
}
