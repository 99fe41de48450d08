// The one way a package starts `ngcc-perf-driver` (and the tools that go with it: valgrind,
// objdump) and waits for it. node:child_process, not execa: loading it costs nothing at start-up.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { driverPath } from './driver-path.js';

const KILL_GRACE_MS = 2000;
const EXIT_GRACE_MS = 5000;
const DEFAULT_LIMIT_BYTES = 1 << 26;

/**
 * Bytes of a driver's stderr a caller keeps by default, the last ones: the driver's own sentences
 * and the last 4 KiB of what the library printed (the driver keeps no more of it: PROTOCOL.md, "The
 * library's output"), as evidence. A library that writes megabytes per call costs neither the
 * driver's nor node's memory.
 */
export const DRIVER_STDERR_KEPT_BYTES = 16 * 1024;

/** Options of {@link spawnDriverProcess}. */
export interface SpawnDriverProcessOptions {
  /** Seconds before SIGTERM (the driver then writes the lines it has); SIGKILL follows 2 s later. */
  timeoutSeconds: number;
  /** The child's environment; default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Also read descriptor 3 (valgrind's XML under `ct-taint`). */
  fd3?: boolean;
  /**
   * Bytes kept of each stream, the last ones (default: 64 MiB of stdout and descriptor 3,
   * {@link DRIVER_STDERR_KEPT_BYTES} of stderr).
   */
  limitBytes?: { stdout?: number; stderr?: number; fd3?: number };
  /** The first signal at the timeout: SIGTERM (default; SIGKILL 2 s later) or SIGKILL at once. */
  timeoutSignal?: 'SIGTERM' | 'SIGKILL';
  /**
   * Called with each complete line of stderr (without its newline) as it arrives, while the
   * process runs: the driver's progress sentences. Lines longer than 4 KiB are cut to their start.
   */
  onStderrLine?: (line: string) => void;
}

/** Longest stderr line handed to `onStderrLine`, characters: a library's endless line costs nothing. */
const STDERR_LINE_MAX_CHARS = 4096;

/** Splits a stream into lines for `onLine`, holding at most one partial line of {@link STDERR_LINE_MAX_CHARS}. */
function followLines(stream: NodeJS.ReadableStream | null | undefined, onLine: (line: string) => void): void {
  let partial = '';
  const decoder = new StringDecoder('utf8');
  stream?.on('data', (chunk: Buffer) => {
    const parts = (partial + decoder.write(chunk)).split('\n');
    partial = (parts.pop() ?? '').slice(0, STDERR_LINE_MAX_CHARS);
    for (const line of parts) onLine(line.slice(0, STDERR_LINE_MAX_CHARS));
  });
}

/** How one process ended and what it wrote. A crash or a timeout is here, never thrown. */
export interface DriverProcessResult {
  /** Exit code, or null when a signal ended it (or it never started). */
  exitCode: number | null;
  /** The signal that ended it (`SIGSEGV`; `SIGKILL` when its pipes were abandoned), or null. */
  signal: string | null;
  /** True when `timeoutSeconds` passed before it ended. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** Descriptor 3's text, empty unless `fd3` was asked for. */
  fd3: string;
  /** Spawn to end, seconds. */
  seconds: number;
  /** The program could not be started (ENOENT, EACCES): the error's message, else null. */
  startError: string | null;
  /** The error behind `startError`, else null. */
  startCause: Error | null;
}

/**
 * Keeps at most `limitBytes` of a stream, its last bytes (the end is what matters for stderr): a
 * chunk larger than the limit is cut, so the memory held never exceeds the limit, however much the
 * process writes. A cut may split a UTF-8 character at the start: it decodes as U+FFFD.
 */
function collect(stream: NodeJS.ReadableStream | null | undefined, limitBytes: number): () => string {
  const chunks: Buffer[] = [];
  let kept = 0;
  stream?.on('data', (chunk: Buffer) => {
    const tail = chunk.length > limitBytes ? chunk.subarray(chunk.length - limitBytes) : chunk;
    chunks.push(tail.length < chunk.length ? Buffer.from(tail) : chunk);
    kept += tail.length;
    while (kept > limitBytes) {
      const first = chunks[0] as Buffer;
      if (kept - first.length >= limitBytes) {
        chunks.shift();
        kept -= first.length;
      } else {
        chunks[0] = Buffer.from(first.subarray(kept - limitBytes));
        kept = limitBytes;
      }
    }
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

/**
 * Runs a program with no stdin and returns when it has ended and its pipes have closed. After
 * `timeoutSeconds` it sends SIGTERM and, 2 s later, SIGKILL (or SIGKILL at once, `timeoutSignal`).
 * It keeps only the last bytes of each stream (`limitBytes`): a chatty program cannot fill memory. Should the pipes stay open 5 s after
 * the process itself ended (a leftover grandchild, such as a sandbox helper, holding them), it
 * stops reading and returns what it has: a run never hangs on a process that is gone.
 * @param program - the driver (from {@link driverPath}) or another tool
 * @param args - arguments after the program name (PROTOCOL.md for the driver's)
 * @param options - {@link SpawnDriverProcessOptions}
 * @returns {@link DriverProcessResult}; never rejects
 * @example
 * ```ts
 * const run = await spawnDriverProcess(await driverPath(), ['info'], { timeoutSeconds: 30 });
 * console.log(run.exitCode, run.stdout.split('\n')[0]); // 0 {"v":1,"type":"info",…}
 * ```
 */
export function spawnDriverProcess(
  program: string,
  args: string[],
  options: SpawnDriverProcessOptions,
): Promise<DriverProcessResult> {
  const started = process.hrtime.bigint();
  const limits = options.limitBytes ?? {};
  return new Promise((resolve) => {
    const stdio: ('ignore' | 'pipe')[] =
      options.fd3 === true ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'];
    const child = spawn(program, args, { stdio, env: options.env ?? process.env });
    const stdout = collect(child.stdout, limits.stdout ?? DEFAULT_LIMIT_BYTES);
    const stderr = collect(child.stderr, limits.stderr ?? DRIVER_STDERR_KEPT_BYTES);
    if (options.onStderrLine !== undefined) followLines(child.stderr, options.onStderrLine);
    const fd3 = collect(
      options.fd3 === true ? (child.stdio[3] as NodeJS.ReadableStream) : null,
      limits.fd3 ?? DEFAULT_LIMIT_BYTES,
    );
    let timedOut = false;
    let settled = false;
    let exit: { code: number | null; signal: string | null } | null = null;
    const timers: NodeJS.Timeout[] = [];
    const finish = (code: number | null, signal: string | null, startCause: Error | null = null): void => {
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
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
        startError: startCause === null ? null : startCause.message,
        startCause,
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
          if (options.timeoutSignal === 'SIGKILL') {
            child.kill('SIGKILL');
            timers.push(setTimeout(abandon, KILL_GRACE_MS));
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
        Math.round(options.timeoutSeconds * 1000),
      ),
    );
    child.once('error', (error) => finish(null, null, error));
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      timers.push(setTimeout(abandon, EXIT_GRACE_MS));
    });
    child.once('close', (code, signal) => finish(code, signal));
  });
}

/**
 * The driver a caller asked for: `given` when it is an executable file, else (when `given` is
 * undefined) {@link driverPath}'s (`NGCC_PERF_DRIVER`, a checkout's build, or the per-version
 * cache, built there on first use).
 * @param given - a driver path from the caller's options, or undefined
 * @param notExecutable - the caller's typed error for a `given` path that is missing or not executable
 * @throws what `notExecutable` returns; `NativeError` from {@link driverPath}
 * @example
 * ```ts
 * const driver = await resolveGivenDriver(options.driverPath, (cause) => new KatError('DRIVER_NOT_FOUND', '…', { cause }));
 * ```
 */
export async function resolveGivenDriver(
  given: string | undefined,
  notExecutable: (cause: unknown) => Error,
): Promise<string> {
  if (given === undefined) return driverPath();
  try {
    accessSync(given, constants.X_OK);
  } catch (error) {
    throw notExecutable(error);
  }
  return given;
}
