// One measuring CPU per ngcc-perf process: a lock file per CPU in a runtime folder shared by every
// ngcc-perf on the host, so that runs started side by side do not all pin to the same last CPU.
import { chmodSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allowedCpus } from './cpu-affinity.js';

/** Options of {@link claimMeasuringCpu}. */
export interface ClaimMeasuringCpuOptions {
  /** CPUs this process may use, increasing; default `allowedCpus()`. */
  allowed?: readonly number[];
  /** Folder of the lock files; default {@link defaultCpuLockDirectory}. */
  lockDirectory?: string;
  /** The claiming process; default `process.pid`. */
  pid?: number;
  /** Whether a process still runs; default `process.kill(pid, 0)` (EPERM counts as running). */
  isRunning?: (pid: number) => boolean;
}

/** What {@link claimMeasuringCpu} chose. */
export interface CpuClaim {
  /** The measuring CPU. */
  cpu: number;
  /** CPUs passed over because another running ngcc-perf holds them, with its process id. */
  taken: { cpu: number; pid: number }[];
  /** True when every allowed CPU was taken: `cpu` is the last one, shared with another run. */
  shared: boolean;
  /** Removes the lock file (also done when the process exits); idempotent. */
  release: () => void;
}

/**
 * The folder of the per-CPU lock files: `NGCC_PERF_RUNTIME_DIR`, else `ngcc-perf-cpus` in the
 * system's temporary folder, shared by every user (sticky, like /tmp) so that runs of different
 * users see each other's claims.
 */
export function defaultCpuLockDirectory(): string {
  return process.env.NGCC_PERF_RUNTIME_DIR ?? path.join(os.tmpdir(), 'ngcc-perf-cpus');
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file of `cpu`; returns the holder's pid when a running process holds it, else null. */
function tryLock(file: string, pid: number, isRunning: (pid: number) => boolean): number | null {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      return null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return null; // no lock possible: measure anyway
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // removed meanwhile: try again
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== pid && isRunning(holder)) return holder;
    try {
      unlinkSync(file); // left by a process that ended without removing it
    } catch {
      // another process removed or took it: the next attempt tells
    }
  }
  return null;
}

/**
 * Chooses the measuring CPU of a run that was given none: the last CPU this process may use that no
 * other running ngcc-perf holds, taking it with a lock file (`cpu-N.lock` holding the process id)
 * in {@link defaultCpuLockDirectory}. A lock whose process no longer runs is taken over. When every
 * allowed CPU is held, the last one is shared (and `shared` says so). Where no lock file can be
 * written, the last CPU is used as before.
 *
 * @param options - {@link ClaimMeasuringCpuOptions}.
 * @returns the {@link CpuClaim}; call `release` when the measurement ends.
 * @throws nothing.
 * @example
 * ```ts
 * const claim = claimMeasuringCpu();
 * console.error(`measuring on CPU ${claim.cpu}`);
 * claim.release();
 * ```
 */
export function claimMeasuringCpu(options: ClaimMeasuringCpuOptions = {}): CpuClaim {
  const allowed = options.allowed ?? allowedCpus();
  const directory = options.lockDirectory ?? defaultCpuLockDirectory();
  const pid = options.pid ?? process.pid;
  const isRunning = options.isRunning ?? processRuns;
  const last = allowed[allowed.length - 1] ?? 0;
  try {
    mkdirSync(directory, { recursive: true, mode: 0o1777 });
    if (options.lockDirectory === undefined && process.env.NGCC_PERF_RUNTIME_DIR === undefined)
      chmodSync(directory, 0o1777);
  } catch {
    // another user's folder we cannot change, or none at all: the lock attempts below tell
  }
  const taken: { cpu: number; pid: number }[] = [];
  for (const cpu of [...allowed].reverse()) {
    const file = path.join(directory, `cpu-${cpu}.lock`);
    const holder = tryLock(file, pid, isRunning);
    if (holder !== null) {
      taken.push({ cpu, pid: holder });
      continue;
    }
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      process.removeListener('exit', release);
      try {
        if (Number(readFileSync(file, 'utf8').trim()) === pid) unlinkSync(file);
      } catch {
        // already gone
      }
    };
    process.on('exit', release);
    return { cpu, taken, shared: false, release };
  }
  return { cpu: last, taken, shared: true, release: () => undefined };
}

/**
 * One sentence on the choice, for the terminal, when other runs took CPUs; null when the usual
 * CPU (the last allowed) was free.
 * @example
 * describeCpuClaim({ cpu: 0, taken: [{ cpu: 1, pid: 4242 }], shared: false, release }); // 'measuring on CPU 0: CPU 1 is measuring for another ngcc-perf (pid 4242)'
 */
export function describeCpuClaim(claim: CpuClaim): string | null {
  if (claim.taken.length === 0) return null;
  const others = claim.taken.map((entry) => `CPU ${entry.cpu} (pid ${entry.pid})`).join(', ');
  if (claim.shared)
    return `measuring on CPU ${claim.cpu}, shared: every CPU this process may use is measuring for another ngcc-perf (${others}); the runs disturb each other — give each its own CPU with --cpu`;
  const held = claim.taken.map((entry) => `CPU ${entry.cpu} is measuring for another ngcc-perf (pid ${entry.pid})`);
  return `measuring on CPU ${claim.cpu}: ${held.join('; ')}`;
}
