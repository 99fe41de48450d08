import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The commands CMake ran for one instance, with paths made portable. */
export interface BuildCommands {
  compileCommands: string[];
  linkCommand: string | null;
}

/**
 * Rewrites one command so it holds no absolute path of this machine (SPEC §8): a path inside
 * the candidate folder becomes relative to it, CMake's object paths and any other absolute path
 * (the compiler) keep only their last component.
 * @example
 * portableCommand('/usr/bin/gcc -c /c/x.c', '/c'); // 'gcc -c x.c'
 */
export function portableCommand(command: string, sourceRoot: string | null): string {
  const portablePath = (token: string): string => {
    if (sourceRoot !== null && (token === sourceRoot || token.startsWith(sourceRoot + path.sep))) {
      return path.relative(sourceRoot, token) || '.';
    }
    if (token.includes('CMakeFiles/') || path.isAbsolute(token)) return path.basename(token);
    return token;
  };
  return command
    .trim()
    .split(/\s+/)
    .map((token) => {
      const include = /^(-I|-isystem)(\/.*)$/.exec(token);
      return include ? `${include[1]}${portablePath(include[2]!)}` : portablePath(token);
    })
    .join(' ');
}

/**
 * Reads `compile_commands.json` and the target's `link.txt` from a CMake build tree.
 * @example
 * const { compileCommands, linkCommand } = await readBuildCommands('/tmp/b', 'sm3', '/c/sm3');
 */
export async function readBuildCommands(
  buildDirectory: string,
  target: string,
  sourceRoot: string | null,
): Promise<BuildCommands> {
  let compileCommands: string[] = [];
  try {
    const entries = JSON.parse(await readFile(path.join(buildDirectory, 'compile_commands.json'), 'utf8')) as {
      command?: string;
    }[];
    compileCommands = entries.map((e) => portableCommand(e.command ?? '', sourceRoot));
  } catch {
    compileCommands = [];
  }
  let linkCommand: string | null = null;
  try {
    linkCommand = portableCommand(
      await readFile(path.join(buildDirectory, 'CMakeFiles', `${target}.dir`, 'link.txt'), 'utf8'),
      sourceRoot,
    );
  } catch {
    linkCommand = null;
  }
  return { compileCommands, linkCommand };
}
