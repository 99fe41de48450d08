// The only module of @ngcc-perf/kat that starts a process: `ngcc-perf-driver kat LIB DIGEST_BITS FILE`
// (native/PROTOCOL.md). The driver generates the messages; its stdout lines are validated in
// driver-lines.ts and mapped to an outcome in interpret-kat-run.ts.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { driverPath as nativeDriverPath } from '@ngcc-perf/native';
import type { DriverKatOptions, DriverRunner } from '../driver-runner.js';
import { KatError } from '../kat-error.js';
import type { KatFileKind } from '../kat-messages.js';
import { interpretKatRun } from './interpret-kat-run.js';

const STDOUT_LIMIT_BYTES = 1 << 28;
const STDERR_LIMIT_BYTES = 1 << 20;
const KILL_GRACE_MS = 2000;
const EXIT_GRACE_MS = 5000;
const FIX =
  'Pass the path of a built ngcc-perf-driver as driverPath, or leave it out to use the one @ngcc-perf/native finds or builds.';

/**
 * The driver path: the option (it must be an executable file), else `@ngcc-perf/native`'s
 * `driverPath()` (`NGCC_PERF_DRIVER`, the checkout build, or the per-version cache, built there on first use).
 * @throws {KatError} `DRIVER_NOT_FOUND` for a given path that is not executable; `NativeError` from `driverPath()`.
 */
export async function resolveDriverPath(driverPath: string | undefined): Promise<string> {
  if (driverPath === undefined || driverPath.length === 0) return nativeDriverPath();
  try {
    accessSync(driverPath, constants.X_OK);
  } catch (error) {
    throw new KatError('DRIVER_NOT_FOUND', `ngcc-perf-driver ${driverPath} is missing or not executable. ${FIX}`, {
      cause: error,
    });
  }
  return driverPath;
}

function driverArguments(library: string, digestBits: number, file: KatFileKind, options: DriverKatOptions): string[] {
  const args = ['kat', library, String(digestBits), file];
  if (options.maxMemoryBytes !== undefined) args.push('--max-memory-bytes', String(options.maxMemoryBytes));
  const sizes = options.testSizes;
  if (sizes?.largeMessageBits !== undefined && (file === 'KAT_2_23' || file === 'KAT_2_33')) {
    args.push('--test-message-bits', String(sizes.largeMessageBits));
  }
  if (sizes?.loopIterations !== undefined && file === 'KAT_Loop')
    args.push('--test-iterations', String(sizes.loopIterations));
  return args;
}

/** What one finished driver process left behind. */
interface ProcessResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/** Keeps at most `limitBytes` of a stream (the end is what matters for stderr; stdout is far below it). */
function collect(stream: NodeJS.ReadableStream, limitBytes: number): () => string {
  const chunks: Buffer[] = [];
  let kept = 0;
  stream.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    kept += chunk.length;
    while (kept > limitBytes && chunks.length > 1) kept -= (chunks.shift() as Buffer).length;
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

/**
 * Runs the driver with node:child_process (no stdin) and returns when its stdout and stderr have
 * closed. After `timeoutSeconds` it sends SIGTERM (the driver then writes the lines it has) and,
 * 2 s later, SIGKILL. Should the pipes stay open 5 s after the driver process itself ended (a
 * leftover grandchild, such as a sandbox helper, holding them), it stops reading and returns
 * what it has: the run can never hang on a process that is gone.
 */
function runProcess(driverPath: string, args: string[], timeoutSeconds: number): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(driverPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = collect(child.stdout, STDOUT_LIMIT_BYTES);
    const stderr = collect(child.stderr, STDERR_LIMIT_BYTES);
    let timedOut = false;
    let settled = false;
    let exit: { code: number | null; signal: string | null } | null = null;
    const timers: NodeJS.Timeout[] = [];
    const finish = (code: number | null, signal: string | null): void => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      resolve({ exitCode: code, signal, timedOut, stdout: stdout(), stderr: stderr() });
    };
    const abandon = (): void => {
      child.stdout.destroy();
      child.stderr.destroy();
      finish(exit === null ? null : exit.code, exit === null ? 'SIGKILL' : exit.signal);
    };
    timers.push(
      setTimeout(
        () => {
          timedOut = true;
          if (exit !== null) {
            abandon();
            return;
          }
          child.kill('SIGTERM');
          timers.push(
            setTimeout(() => {
              child.kill('SIGKILL');
              timers.push(setTimeout(abandon, KILL_GRACE_MS));
            }, KILL_GRACE_MS),
          );
        },
        Math.round(timeoutSeconds * 1000),
      ),
    );
    child.once('error', (error) => {
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      reject(
        new KatError('DRIVER_NOT_FOUND', `Could not start ${driverPath}: ${error.message}. ${FIX}`, { cause: error }),
      );
    });
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      timers.push(setTimeout(abandon, EXIT_GRACE_MS));
    });
    child.once('close', (code, signal) => finish(code, signal));
  });
}

/**
 * A {@link DriverRunner} that spawns `ngcc-perf-driver kat` at `driverPath` (already resolved).
 * The driver generates the messages itself, so nothing goes to its stdin.
 */
export function createSpawnDriverRunner(driverPath: string): DriverRunner {
  return {
    async kat(library: string, digestBits: number, file: KatFileKind, options: DriverKatOptions) {
      const result = await runProcess(
        driverPath,
        driverArguments(library, digestBits, file, options),
        options.timeoutSeconds,
      );
      return interpretKatRun({
        driverPath,
        library,
        digestBits,
        file,
        timeoutSeconds: options.timeoutSeconds,
        ...result,
      });
    },
  };
}
