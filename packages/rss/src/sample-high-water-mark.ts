import { setTimeout as delay } from 'node:timers/promises';
import { checkPid, isZombieStatus, readStatusText } from './internal/proc-files.js';
import { parseProcStatus } from './parse-proc-status.js';
import type { ProcStatusMemory } from './proc-status-memory.js';
import { RssError } from './rss-error.js';

/** Defaults of {@link sampleHighWaterMark}. */
export const DEFAULT_SAMPLE_OPTIONS = { intervalMs: 10, untilExit: true } as const;

/** Options of {@link sampleHighWaterMark}. */
export interface SampleHighWaterMarkOptions {
  /** Milliseconds between two reads of `/proc/<pid>/status` (default 10; at least 1). */
  intervalMs?: number;
  /** Keep sampling until the process has exited (default true). */
  untilExit?: boolean;
  /** Stop after this many milliseconds even if it still runs (required when `untilExit` is false and no `signal`). */
  durationMs?: number;
  /** Stop when this is aborted. */
  signal?: AbortSignal;
  /** Called with every sample, in order (e.g. to let a child go on once it has grown). */
  onSample?: (sample: ProcStatusMemory) => void;
  /** Where procfs is mounted; `/proc` unless testing against a fixture tree. */
  procRoot?: string;
}

/** What {@link sampleHighWaterMark} saw; every figure in bytes, `null` when never read. */
export interface HighWaterMarkSamples {
  pid: number;
  /** Status reads that found the process alive. */
  samplesCount: number;
  /**
   * The largest `VmHWM` read: the kernel's own peak-RSS mark, which only grows (unless
   * {@link resetPeak} resets it), so normally the last read. Growth during the last interval
   * before exit is not seen.
   */
  vmHwmBytes: number | null;
  /** The largest `VmRSS` among the samples (a lower bound of the peak). */
  maxVmRssBytes: number | null;
  /** The largest `RssAnon` among the samples. */
  maxRssAnonBytes: number | null;
  /** The largest `RssFile` among the samples. */
  maxRssFileBytes: number | null;
  /** The last sample taken while the process was alive. */
  lastSample: ProcStatusMemory | null;
  /** Why sampling stopped: the process `exited` (or was a zombie), `duration` elapsed, or `aborted`. */
  stoppedBecause: 'exited' | 'duration' | 'aborted';
  /** Milliseconds from the first read to the stop. */
  elapsedMs: number;
}

const larger = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * Samples a running process's memory from `/proc/<pid>/status` every `intervalMs` until it exits
 * (or `durationMs` passes, or `signal` aborts) and returns its high-water mark: the largest `VmHWM`
 * read, plus the largest `VmRSS`, `RssAnon` and `RssFile` seen. A process that is gone before
 * the first read gives `samplesCount` 0 and `null` figures, not an exception.
 *
 * @param pid - the process to watch (a positive integer; not `'self'`, which never exits).
 * @param options - {@link SampleHighWaterMarkOptions}; defaults in {@link DEFAULT_SAMPLE_OPTIONS}.
 * @returns {@link HighWaterMarkSamples}, figures in bytes.
 * @throws {@link RssError} `INVALID_ARGUMENT` for a bad pid, an `intervalMs` below 1, or
 *   `untilExit: false` with neither `durationMs` nor `signal`; `NO_PROC` without procfs;
 *   `READ`/`PARSE` when a status file cannot be read or parsed.
 * @remarks Source: proc(5) (`VmHWM` is the peak resident set size); guide §3.1.
 * @example
 * ```ts
 * const child = spawn('node', ['build.js']);
 * const seen = await sampleHighWaterMark(child.pid!, { intervalMs: 5, untilExit: true });
 * console.log(`peak ${seen.vmHwmBytes! / 1024} KiB over ${seen.samplesCount} samples`);
 * ```
 */
export async function sampleHighWaterMark(
  pid: number,
  options: SampleHighWaterMarkOptions = {},
): Promise<HighWaterMarkSamples> {
  checkPid(pid, false);
  const intervalMs = options.intervalMs ?? DEFAULT_SAMPLE_OPTIONS.intervalMs;
  const untilExit = options.untilExit ?? DEFAULT_SAMPLE_OPTIONS.untilExit;
  const procRoot = options.procRoot ?? '/proc';
  if (!Number.isFinite(intervalMs) || intervalMs < 1) {
    throw new RssError(
      'INVALID_ARGUMENT',
      `intervalMs is ${intervalMs}; pass a number of milliseconds ≥ 1, such as 10.`,
    );
  }
  if (!untilExit && options.durationMs === undefined && options.signal === undefined) {
    throw new RssError(
      'INVALID_ARGUMENT',
      'untilExit is false but neither durationMs nor signal is given, so sampling would never stop. Pass durationMs (milliseconds) or an AbortSignal.',
    );
  }
  const result: HighWaterMarkSamples = {
    pid,
    samplesCount: 0,
    vmHwmBytes: null,
    maxVmRssBytes: null,
    maxRssAnonBytes: null,
    maxRssFileBytes: null,
    lastSample: null,
    stoppedBecause: 'exited',
    elapsedMs: 0,
  };
  const started = performance.now();
  const finish = (why: HighWaterMarkSamples['stoppedBecause']): HighWaterMarkSamples => ({
    ...result,
    stoppedBecause: why,
    elapsedMs: performance.now() - started,
  });
  for (;;) {
    if (options.signal?.aborted === true) return finish('aborted');
    const text = readStatusText(pid, procRoot);
    if (text === null || isZombieStatus(text)) return finish('exited');
    const sample = parseProcStatus(text, `${procRoot}/${pid}/status`);
    result.samplesCount += 1;
    result.lastSample = sample;
    result.vmHwmBytes = larger(result.vmHwmBytes, sample.vmHwmBytes);
    result.maxVmRssBytes = larger(result.maxVmRssBytes, sample.vmRssBytes);
    result.maxRssAnonBytes = larger(result.maxRssAnonBytes, sample.rssAnonBytes);
    result.maxRssFileBytes = larger(result.maxRssFileBytes, sample.rssFileBytes);
    options.onSample?.(sample);
    const elapsedMs = performance.now() - started;
    if (options.durationMs !== undefined && elapsedMs >= options.durationMs) return finish('duration');
    const waitMs =
      options.durationMs === undefined ? intervalMs : Math.min(intervalMs, Math.max(1, options.durationMs - elapsedMs));
    try {
      await delay(waitMs, undefined, options.signal === undefined ? {} : { signal: options.signal });
    } catch {
      return finish('aborted');
    }
  }
}
