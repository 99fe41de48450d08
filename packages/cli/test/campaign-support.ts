// Helpers of the campaign tests (not a test file itself).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/main.js';
import { allowedCpus } from '@ngcc-perf/timing';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const examplesDirectory = path.join(repositoryRoot, 'native', 'examples');
/** The built bin the kill test spawns (`npx tsup` first). */
export const binPath = path.join(repositoryRoot, 'packages', 'cli', 'dist', 'bin.js');
/** The last CPU this process may use: every timed process is pinned to it. */
export const measuringCpu = String(allowedCpus().at(-1));
/** The tiny plan of the campaign tests: two sizes, 5 ms trials. */
export const tinyPlan = ['--sizes', '32,1024', '--trial-target', '0.005', '--cpu', measuringCpu];

/** What {@link tinyPlanArguments} may change of the tiny plan. */
export interface TinyPlanOptions {
  /** Message sizes, bytes (default [32]). */
  sizes?: readonly number[];
  /** Seconds per trial (default 0.002). */
  trialTargetSeconds?: number;
  /** Trials per operation (default 2; null: the CLI's default). */
  trials?: number | null;
  /** `--system` (default x86_9; null: the CLI's default). */
  system?: string | null;
}

/**
 * The `run` options of a tiny campaign test: no baseline, a few sizes, millisecond trials pinned to
 * {@link measuringCpu}, no progress output.
 * @example
 * await runCli(['run', sm3, '--out', run, ...tinyPlanArguments({ sizes: [32, 1024] })]);
 */
export function tinyPlanArguments(options: TinyPlanOptions = {}): string[] {
  const { sizes = [32], trialTargetSeconds = 0.002, trials = 2, system = 'x86_9' } = options;
  return [
    '--no-baseline',
    ...(system === null ? [] : ['--system', system]),
    '--sizes',
    sizes.join(','),
    '--trial-target',
    String(trialTargetSeconds),
    ...(trials === null ? [] : ['--trials', String(trials)]),
    '--cpu',
    measuringCpu,
    '--quiet',
  ];
}

/** Runs the CLI in this process and captures its output. */
export async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** Every file under `dir/sub`, relative to `dir`, sorted. */
export async function listFiles(dir: string, sub: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(dir, sub), { withFileTypes: true, recursive: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Reads JSON. */
export async function readJson<T = Record<string, unknown>>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/**
 * The table rows of a markdown report with every figure masked ("numbers aside"): digests,
 * numbers with their unit (`20.4 k`, `986 µs`) and dates become placeholders, and the ‡ marker of a
 * trial CV above its limit (which follows each run's own noise) is left out, so two runs of one
 * plan give the same lines.
 */
export async function maskedTables(markdownFile: string): Promise<string[]> {
  const text = await readFile(markdownFile, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .replace(/ ‡/g, '')
        .replace(/[0-9a-f]{16}…/g, '<digest>')
        .replace(/\d+(\.\d+)?(e[+-]?\d+)?( (k|M|G|ns|µs|ms|s)(?=[ |]))?/g, '<n>'),
    );
}
