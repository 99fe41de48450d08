import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'shell-quote';

/** A copy of the candidate folder a build ran from: its folder, and the candidate-relative path each copy-relative path stands for. */
export interface BuildCopy {
  root: string;
  original: (relative: string) => string;
}

/** The commands CMake ran for one instance, with paths made portable. */
export interface BuildCommands {
  compileCommands: string[];
  linkCommand: string | null;
}

/**
 * The arguments of a command line as CMake writes it (double or single quotes, backslash
 * escapes), so that a path holding spaces, quotes, `$` or other characters stays one argument.
 * Shell operators (`&&`, `;`) end the first command.
 * @example
 * commandArguments('gcc -c "/p/toy hash.c"'); // ['gcc', '-c', '/p/toy hash.c']
 */
export function commandArguments(command: string): string[] {
  const args: string[] = [];
  for (const token of parse(command.trim(), (name) => `$${name}`)) {
    if (typeof token === 'string') args.push(token);
    else if ('op' in token && token.op === 'glob') args.push(token.pattern);
    else break;
  }
  return args;
}

/** One argument as a POSIX shell reads it back: bare when it is plain, else in single quotes. */
function shellWord(arg: string): string {
  return /^[A-Za-z0-9_\-+=.,/:@%]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * Rewrites one command so it holds no absolute path of this machine (the run-directory layout): it is split into
 * its arguments (quotes honoured), a path inside the candidate folder (`sourceRoot`, or inside
 * `copy` when the build ran from a copy of it) becomes relative to the candidate folder, CMake's object paths and any
 * other absolute path (the compiler) keep only their last component, and the arguments are
 * joined again, each quoted as a POSIX shell needs it.
 * @example
 * portableCommand('/usr/bin/gcc -c "/c/toy hash.c"', '/c'); // "gcc -c 'toy hash.c'"
 */
export function portableCommand(command: string, sourceRoot: string | null, copy: BuildCopy | null = null): string {
  const portablePath = (token: string): string => {
    if (copy !== null && (token === copy.root || token.startsWith(copy.root + path.sep)))
      return copy.original(path.relative(copy.root, token)) || '.';
    if (sourceRoot !== null && (token === sourceRoot || token.startsWith(sourceRoot + path.sep)))
      return path.relative(sourceRoot, token) || '.';
    if (token.includes('CMakeFiles/') || path.isAbsolute(token)) return path.basename(token);
    return token;
  };
  const args = commandArguments(command).map((token) => {
    const include = /^(-I|-isystem)(\/.*)$/.exec(token);
    return include ? `${include[1]}${portablePath(include[2]!)}` : portablePath(token);
  });
  return args.map(shellWord).join(' ');
}

/**
 * Reads `compile_commands.json` and the target's `link.txt` from a CMake build tree.
 * @param copy - the copy of the candidate folder the build ran from, when it did (else null)
 * @example
 * const { compileCommands, linkCommand } = await readBuildCommands('/tmp/b', 'sm3', '/c/sm3');
 */
export async function readBuildCommands(
  buildDirectory: string,
  target: string,
  sourceRoot: string | null,
  copy: BuildCopy | null = null,
): Promise<BuildCommands> {
  let compileCommands: string[] = [];
  try {
    const entries = JSON.parse(await readFile(path.join(buildDirectory, 'compile_commands.json'), 'utf8')) as {
      command?: string;
    }[];
    compileCommands = entries.map((e) => portableCommand(e.command ?? '', sourceRoot, copy));
  } catch {
    compileCommands = [];
  }
  let linkCommand: string | null = null;
  try {
    linkCommand = portableCommand(
      await readFile(path.join(buildDirectory, 'CMakeFiles', `${target}.dir`, 'link.txt'), 'utf8'),
      sourceRoot,
      copy,
    );
  } catch {
    linkCommand = null;
  }
  return { compileCommands, linkCommand };
}
