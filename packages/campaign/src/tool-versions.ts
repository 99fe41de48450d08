import { execa } from 'execa';

/** Compiler and build-tool versions recorded in campaign.json (guide §3.2, report §2). */
export interface ToolVersions {
  /** First line of `gcc --version`, or null when gcc is missing. */
  compiler: string | null;
  /** First line of `cmake --version`, or null when cmake is missing. */
  buildTool: string | null;
  node: string;
}

async function firstLine(command: string): Promise<string | null> {
  const result = await execa(command, ['--version'], { reject: false });
  if (result.exitCode !== 0) return null;
  return String(result.stdout).split('\n')[0]?.trim() ?? null;
}

/**
 * Reads the versions of gcc and cmake as they print them.
 * @example
 * const { compiler } = await readToolVersions(); // "gcc (Debian 12.2.0-14+deb12u1) 12.2.0"
 */
export async function readToolVersions(): Promise<ToolVersions> {
  const [compiler, buildTool] = await Promise.all([firstLine('gcc'), firstLine('cmake')]);
  return { compiler, buildTool, node: process.version };
}
