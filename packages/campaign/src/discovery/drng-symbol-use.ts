import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';

/**
 * Whether the compiled object of `source` leaves any of `symbols` undefined (it calls them), as
 * `nm --undefined-only` lists them after `gcc -c` (`g++` for C++) with the instance folder on the
 * include path. Preprocessor switches are thus honoured (a call inside an `#ifdef` that is off is
 * no use). When the file does not compile on its own, the answer is true: the DRNG then stays in,
 * which at worst links code nobody calls.
 * @param source - absolute path of an algorithm source
 * @param symbols - function names the package's DRNG file defines
 * @example
 * await objectUsesSymbols('/p/Ugli-512-op-per/ugli_512.c', ['toy_drng_constant']); // true
 */
export async function objectUsesSymbols(source: string, symbols: readonly string[]): Promise<boolean> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ngcc-perf-drng-'));
  try {
    const object = path.join(folder, 'a.o');
    const compiler = /\.(cc|cpp|cxx)$/i.test(source) ? 'g++' : 'gcc';
    const compiled = await execa(compiler, ['-c', '-w', '-I', path.dirname(source), source, '-o', object], {
      reject: false,
    });
    if (compiled.exitCode !== 0) return true;
    const listed = await execa('nm', ['--undefined-only', '--format=posix', object], { reject: false });
    if (listed.exitCode !== 0) return true;
    const undefinedSymbols = new Set(listed.stdout.split('\n').map((line) => line.split(' ')[0]));
    return symbols.some((symbol) => undefinedSymbols.has(symbol));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
