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
 * built without the package's own build script, would name its files). Null when the header does
 * not define the macro or gcc does not reduce it to string literals.
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
): Promise<InstanceNameMacro | null> {
  const defined = definesInstanceName(text);
  if (defined === null) return null;
  const literal = /^"([^"\\\n]+)"$/.exec(defined.body);
  if (literal !== null) return { instanceName: literal[1]!.trim(), instanceNameLine: defined.line, readBy: 'literal' };
  const work = await mkdtemp(path.join(tmpdir(), 'ngcc-perf-name-'));
  try {
    const probe = path.join(work, 'instance-name.c');
    await writeFile(
      probe,
      `#include "${header.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"\nNGCC_PERF_INSTANCE_NAME ALGORITHM_INSTANCE\n`,
    );
    const includes = [path.dirname(header), ...includeDirs].flatMap((d) => ['-I', d]);
    const result = await execa('gcc', ['-E', '-P', '-w', ...includes, probe], { reject: false });
    if (result.exitCode !== 0) return null;
    const line = String(result.stdout)
      .split('\n')
      .find((l) => l.startsWith('NGCC_PERF_INSTANCE_NAME'));
    const name = line === undefined ? null : concatenatedLiterals(line);
    return name === null ? null : { instanceName: name.trim(), instanceNameLine: defined.line, readBy: 'preprocessor' };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
