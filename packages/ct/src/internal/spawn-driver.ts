// The only module of @ngcc-perf/ct that starts processes: `ngcc-perf-driver ct-taint` (under valgrind,
// which the driver starts inside its sandbox; valgrind's XML arrives on descriptor 3), `ngcc-perf-driver
// ct-time`, `valgrind --version` and `objdump` (which reads the library without running it).
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { driverPath as findDriver } from '@ngcc-perf/native';
import { CtError } from '../ct-error.js';

const FIX =
  'Pass the path of a built ngcc-perf-driver, or leave driverPath out to use the one @ngcc-perf/native finds or builds.';
const KILL_GRACE_MS = 2000;
const EXIT_GRACE_MS = 5000;
const LIMIT_BYTES = 1 << 26;

/**
 * The driver path: the option when given (it must be an executable file), else `driverPath()` of
 * `@ngcc-perf/native` (`NGCC_PERF_DRIVER`, a checkout's build, or the driver built on first use).
 * @throws {CtError} `DRIVER_NOT_FOUND` for a given path that is missing or not executable;
 *   `NativeError` when no driver can be found or built.
 */
export async function resolveDriverPath(driverPath: string | undefined): Promise<string> {
  if (driverPath === undefined) return findDriver();
  try {
    accessSync(driverPath, constants.X_OK);
  } catch (error) {
    throw new CtError('DRIVER_NOT_FOUND', `ngcc-perf-driver ${driverPath} is missing or not executable. ${FIX}`, {
      cause: error,
    });
  }
  return driverPath;
}

/** What one finished process left behind. */
export interface ProcessResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** Descriptor 3's text (valgrind's XML), empty when not asked for. */
  fd3: string;
  /** Wall time, in seconds. */
  seconds: number;
  /** The program could not be started (ENOENT, EACCES): the error's message. */
  startError: string | null;
}

function collect(stream: NodeJS.ReadableStream | null | undefined): () => string {
  const chunks: Buffer[] = [];
  let kept = 0;
  stream?.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    kept += chunk.length;
    while (kept > LIMIT_BYTES && chunks.length > 1) kept -= (chunks.shift() as Buffer).length;
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

/**
 * Runs a program (no stdin) and returns when it and its pipes are done. After `timeoutSeconds`:
 * SIGTERM, then SIGKILL 2 s later; pipes still open 5 s after the process ended are abandoned.
 */
export function runProcess(
  program: string,
  args: string[],
  options: { timeoutSeconds: number; env?: NodeJS.ProcessEnv; fd3?: boolean },
): Promise<ProcessResult> {
  const started = process.hrtime.bigint();
  const elapsed = (): number => Number(process.hrtime.bigint() - started) / 1e9;
  return new Promise((resolve) => {
    const stdio: ('ignore' | 'pipe')[] =
      options.fd3 === true ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'];
    const child = spawn(program, args, { stdio, env: options.env ?? process.env });
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    const fd3 = collect(options.fd3 === true ? (child.stdio[3] as NodeJS.ReadableStream) : null);
    let timedOut = false;
    let settled = false;
    let exit: { code: number | null; signal: string | null } | null = null;
    const timers: NodeJS.Timeout[] = [];
    const finish = (code: number | null, signal: string | null, startError: string | null = null): void => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      resolve({
        exitCode: code,
        signal,
        timedOut,
        stdout: stdout(),
        stderr: stderr(),
        fd3: fd3(),
        seconds: elapsed(),
        startError,
      });
    };
    const abandon = (): void => {
      for (const stream of child.stdio) stream?.destroy();
      finish(exit === null ? null : exit.code, exit === null ? 'SIGKILL' : exit.signal);
    };
    timers.push(
      setTimeout(
        () => {
          timedOut = true;
          if (exit !== null) return abandon();
          child.kill('SIGTERM');
          timers.push(
            setTimeout(() => {
              child.kill('SIGKILL');
              timers.push(setTimeout(abandon, KILL_GRACE_MS));
            }, KILL_GRACE_MS),
          );
        },
        Math.round(options.timeoutSeconds * 1000),
      ),
    );
    child.once('error', (error) => finish(null, null, error.message));
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      timers.push(setTimeout(abandon, EXIT_GRACE_MS));
    });
    child.once('close', (code, signal) => finish(code, signal));
  });
}
