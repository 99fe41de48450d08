// How loaded the host is right now, as this process sees it: the wall time a fixed amount of
// CPU work takes over the CPU time it takes. A caller that must wait for work of known CPU cost
// (a driver process, a test) scales its wall-clock limit by it instead of assuming a quiet host.

/** The CPU time {@link measureHostPace} spends by default, milliseconds. */
export const HOST_PACE_CPU_MILLISECONDS = 100;

function cpuMillisecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Measures the host's pace: runs a CPU-bound loop in this process until it has used
 * `cpuMilliseconds` of CPU time and returns the wall time it took over that CPU time — 1 on a
 * quiet host, about 2 when another busy process shares this process's CPU, more when it gets a
 * smaller share (nice, cgroups). Never below 1 (node's own helper threads add CPU time too).
 * Blocks the event loop for the measured wall time.
 *
 * @param cpuMilliseconds - CPU time to spend, milliseconds (> 0; default 100)
 * @returns wall time over CPU time, ≥ 1
 * @example
 * ```ts
 * const limitMs = 30_000 * measureHostPace(); // 30 s of a quiet host's time, on this host now
 * ```
 */
export function measureHostPace(cpuMilliseconds: number = HOST_PACE_CPU_MILLISECONDS): number {
  const wallStart = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  let state = 1;
  let usedMilliseconds = 0;
  while (usedMilliseconds < cpuMilliseconds) {
    for (let turn = 0; turn < 100_000; turn++) state = (Math.imul(state, 1103515245) + 12345) | 0;
    usedMilliseconds = cpuMillisecondsSince(cpuStart);
  }
  const wallMilliseconds = Number(process.hrtime.bigint() - wallStart) / 1e6;
  // `state` is read so that the loop is not optimised away.
  return Math.max(1, wallMilliseconds / Math.max(usedMilliseconds, 1e-3) + (state === 0.5 ? 1 : 0));
}

let firstPace: number | undefined;

/**
 * `milliseconds` of a quiet host's time on this host: `milliseconds` times the pace
 * {@link measureHostPace} measured on this function's first call in the process (or module
 * registry), rounded. For wall-clock ceilings — a test's timeout, a wait for a process of known
 * CPU cost — that must not turn a busy host's slowness into a failure.
 *
 * @param milliseconds - the quiet host's time, milliseconds
 * @returns the time to allow on this host, milliseconds
 * @example
 * ```ts
 * it('builds every example', async () => { … }, pacedMilliseconds(120_000));
 * ```
 */
export function pacedMilliseconds(milliseconds: number): number {
  firstPace ??= measureHostPace();
  return Math.round(milliseconds * firstPace);
}
