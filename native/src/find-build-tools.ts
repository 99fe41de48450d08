import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The programs the first-use build runs, as found on PATH (absolute paths). */
export interface BuildTools {
  cmake: string;
  /** `$CC` when set, else the first of `cc`, `gcc`, `clang` on PATH. */
  cCompiler: string;
}

/** What is missing for the first-use build, in the words of the install hint. */
export interface MissingBuildTools {
  missing: string[];
}

const INSTALL_HINT =
  '(Debian/Ubuntu: sudo apt-get install cmake build-essential; Fedora/RHEL: sudo dnf install cmake gcc make; ' +
  'Alpine: apk add cmake build-base)';

function onPath(program: string, searchPath: string): string | null {
  if (program.includes('/')) return isExecutable(program) ? program : null;
  for (const directory of searchPath.split(path.delimiter)) {
    if (directory === '') continue;
    const candidate = path.join(directory, program);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finds cmake, a C compiler and (unless `CMAKE_GENERATOR` names another generator) make on
 * PATH, or lists what is missing.
 * @param env - environment to read (`PATH`, `CC`, `CMAKE_GENERATOR`); default `process.env`.
 */
export function findBuildTools(env: NodeJS.ProcessEnv = process.env): BuildTools | MissingBuildTools {
  const searchPath = env.PATH ?? '';
  const cmake = onPath('cmake', searchPath);
  const compilerNames = env.CC !== undefined && env.CC !== '' ? [env.CC] : ['cc', 'gcc', 'clang'];
  const cCompiler = compilerNames.map((name) => onPath(name, searchPath)).find((found) => found !== null) ?? null;
  const generator = env.CMAKE_GENERATOR ?? '';
  const needsMake = generator === '' || /Makefiles/.test(generator);
  const make = needsMake ? onPath('make', searchPath) : 'not needed';
  const missing: string[] = [];
  if (cmake === null) missing.push('cmake');
  if (cCompiler === null)
    missing.push(
      env.CC !== undefined && env.CC !== '' ? `the C compiler CC=${env.CC}` : 'a C compiler (cc, gcc or clang)',
    );
  if (make === null) missing.push('make');
  if (cmake === null || cCompiler === null || make === null) return { missing };
  return { cmake, cCompiler };
}

/**
 * The one-line message for missing build tools: what is missing, why it is needed, how to install it.
 * @example
 * missingToolsMessage(['cmake']); // 'ngcc-perf-driver must be built on first use, but cmake is not installed: install it (Debian/Ubuntu: ...) ...'
 */
export function missingToolsMessage(missing: string[]): string {
  const list =
    missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  const verb = missing.length === 1 ? 'is' : 'are';
  return (
    `ngcc-perf-driver must be built on first use, but ${list} ${verb} not installed: install ${missing.length === 1 ? 'it' : 'them'} ${INSTALL_HINT}, ` +
    'or set NGCC_PERF_DRIVER to an ngcc-perf-driver built elsewhere.'
  );
}
