// Counter probing, `clock-probe`, `time --scope per-call` and the counter-choice test hook
// (native/PROTOCOL.md, "Counters"). Spawns native/build/ngcc-perf-driver (npm run build).
import { beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibsDir = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');

/** Path of a test library: `lib('xor_ok')` → …/build/testlibs/libxor_ok.so. */
function lib(name: string): string {
  return path.join(testlibsDir, `lib${name}.so`);
}

type Line = { v: number; type: string } & Record<string, unknown>;

interface CounterEntry {
  name: string;
  kind: string;
  available: boolean;
  reason?: string;
  access?: string;
  hz?: number;
  overheadTicks?: number;
  resolutionTicks?: number;
}

interface PerCall {
  count: number;
  rawMedianTicks: number;
  rawQ1Ticks: number;
  rawQ3Ticks: number;
  rawMinTicks: number;
  rawMaxTicks: number;
  overheadTicks: number;
  medianTicks: number;
  q1Ticks: number;
  q3Ticks: number;
}

function runDriver(args: string[]): { status: number | null; lines: Line[]; stderr: string } {
  const result = spawnSync(driverPath, args, { timeout: 30000 });
  const lines = result.stdout
    .toString('utf8')
    .split('\n')
    .filter((text) => text.length > 0)
    .map((text) => JSON.parse(text) as Line);
  return { status: result.status, lines, stderr: result.stderr.toString('utf8') };
}

/** The only line of a successful run. */
function onlyLine(args: string[]): Line {
  const run = runDriver(args);
  expect(run.status).toBe(0);
  expect(run.lines).toHaveLength(1);
  return run.lines[0] as Line;
}

/** PROTOCOL.md quantile rule: x[floor(p·(n−1))] of the sorted samples. */
function quantile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(p * (sorted.length - 1))] as number;
}

// RDTSCP is a CPU feature some hosts (and hypervisors) leave out: /proc/cpuinfo's flags say which.
const cpuHasRdtscp = process.arch === 'x64' && /^flags\s*:.*\brdtscp\b/m.test(readFileSync('/proc/cpuinfo', 'utf8'));
const RDTSCP_MISSING_REASON = 'this CPU has no RDTSCP instruction (CPUID 0x80000001 EDX bit 27)';

const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const expectedCandidates =
  process.arch === 'x64'
    ? ['pmu-cycles', 'tsc', 'tscp', 'clock']
    : process.arch === 'arm64'
      ? ['pmu-cycles', 'cntvct', 'clock']
      : ['pmu-cycles', 'clock'];

describe('info: every probed counter with its measured figures', () => {
  let info: Line = { v: 1, type: 'none' };
  let counters: CounterEntry[] = [];
  let chosen: Record<string, unknown> = {};
  beforeAll(() => {
    info = onlyLine(['info']);
    counters = info.counters as CounterEntry[];
    chosen = info.counter as Record<string, unknown>;
  });

  test('lists the candidates of this build, in ranking order', () => {
    expect(counters.map((entry) => entry.name)).toEqual(expectedCandidates);
    counters.forEach((entry) => expect(entry.kind).toBe(entry.name === 'pmu-cycles' ? 'core-cycles' : 'fixed-rate'));
  });

  test('available counters carry integer overhead, resolution and hz; clock ticks at exactly 10^9 Hz', () => {
    const available = counters.filter((entry) => entry.available);
    expect(available.map((entry) => entry.name)).toContain('clock');
    available.forEach((entry) => {
      expect(entry.reason).toBeUndefined();
      expect(typeof entry.access).toBe('string');
      expect(isCount(entry.overheadTicks) && isCount(entry.resolutionTicks)).toBe(true);
      expect(entry.resolutionTicks as number).toBeGreaterThan(0);
      // The smallest non-zero difference cannot exceed the median difference unless that is 0.
      if ((entry.overheadTicks as number) > 0)
        expect(entry.resolutionTicks as number).toBeLessThanOrEqual(entry.overheadTicks as number);
      expect(Number.isInteger(entry.hz) && (entry.hz as number) > 0).toBe(true);
    });
    expect(counters.find((entry) => entry.name === 'clock')).toMatchObject({
      available: true,
      access: 'clock_gettime',
      hz: 1e9,
    });
  });

  test('on x86-64 the TSC and its rdtscp variant tick at the same rate (within 0.1 %)', () => {
    if (process.arch !== 'x64') return;
    const tsc = counters.find((entry) => entry.name === 'tsc') as CounterEntry;
    const tscp = counters.find((entry) => entry.name === 'tscp') as CounterEntry;
    expect(tsc).toMatchObject({ available: true, access: 'lfence-rdtsc-lfence' });
    if (!cpuHasRdtscp) {
      // No RDTSCP on this CPU: the driver must say so rather than fault or report figures.
      expect(tscp).toEqual({ name: 'tscp', kind: 'fixed-rate', available: false, reason: RDTSCP_MISSING_REASON });
      return;
    }
    expect(tscp).toMatchObject({ available: true, access: 'rdtscp-lfence' });
    expect(Math.abs((tsc.hz as number) / (tscp.hz as number) - 1)).toBeLessThan(0.001);
    expect(info.tscHzCpuid === null || (Number.isInteger(info.tscHzCpuid) && (info.tscHzCpuid as number) > 0)).toBe(
      true,
    );
  });

  test('an unavailable counter has a reason and no figures; pmu-cycles wins whenever it works', () => {
    const pmu = counters.find((entry) => entry.name === 'pmu-cycles') as CounterEntry;
    counters
      .filter((entry) => !entry.available)
      .forEach((entry) => {
        expect(Object.keys(entry)).toEqual(['name', 'kind', 'available', 'reason']);
        expect(entry.reason).toEqual(expect.any(String));
      });
    if (pmu.available) {
      expect(chosen).toMatchObject({ name: 'pmu-cycles', kind: 'core-cycles' });
      return;
    }
    // This VM: no hardware PMU, so perf_event_open fails and the reason is passed on verbatim.
    expect(pmu.reason).toMatch(/^perf_event_open\(PERF_COUNT_HW_CPU_CYCLES\)/);
    expect(chosen.name).not.toBe('pmu-cycles');
    expect(String(chosen.reason).startsWith(pmu.reason as string)).toBe(true);
  });

  test('the chosen counter is the listed entry with the same figures', () => {
    const entry = counters.find((candidate) => candidate.name === chosen.name) as CounterEntry;
    expect(entry.available).toBe(true);
    expect(chosen).toMatchObject({
      access: entry.access,
      hz: entry.hz,
      overheadTicks: entry.overheadTicks,
      resolutionTicks: entry.resolutionTicks,
    });
  });
});

describe('clock-probe', () => {
  test('5 windows of 20 ms: quartiles by the documented rule, and the rate matches info within 1 %', () => {
    const probe = onlyLine(['clock-probe', '--windows', '5', '--window-ms', '20']);
    const counter = probe.counter as { name: string; kind: string; hz: number };
    const windowsHz = probe.windowsHz as number[];
    expect(probe).toMatchObject({ v: 1, type: 'clock-probe', windows: 5, windowMs: 20 });
    expect(probe.measures).toBe(counter.kind === 'core-cycles' ? 'core-clock' : 'counter-rate');
    expect(windowsHz).toHaveLength(5);
    // n = 5: q1 = x[1], median = x[2], q3 = x[3] of the sorted windows.
    expect(probe.medianHz).toBe(quantile(windowsHz, 0.5));
    expect(probe.q1Hz).toBe(quantile(windowsHz, 0.25));
    expect(probe.q3Hz).toBe(quantile(windowsHz, 0.75));
    expect(probe.iqrHz).toBe((probe.q3Hz as number) - (probe.q1Hz as number));
    expect(probe.iqrRelative as number).toBeCloseTo((probe.iqrHz as number) / (probe.medianHz as number), 8);
    expect(probe.steady).toBe((probe.iqrRelative as number) <= 0.005);
    if (counter.kind === 'fixed-rate') {
      expect(Math.abs((probe.medianHz as number) / counter.hz - 1)).toBeLessThan(0.01);
      const info = onlyLine(['info']);
      const listed = (info.counters as CounterEntry[]).find((entry) => entry.name === counter.name) as CounterEntry;
      expect(Math.abs((probe.medianHz as number) / (listed.hz as number) - 1)).toBeLessThan(0.01);
    }
  });

  test('--counter clock measures 10^9 ticks per second', () => {
    const probe = onlyLine(['clock-probe', '--counter', 'clock', '--windows', '3', '--window-ms', '10', '--cpu', '0']);
    expect(probe).toMatchObject({ measures: 'counter-rate', cpu: 0, counter: { name: 'clock', hz: 1e9 } });
    expect(Math.abs((probe.medianHz as number) / 1e9 - 1)).toBeLessThan(0.01);
  });

  test.each([
    [['--windows', '0']],
    [['--window-ms', '10001']],
    [['--bogus']],
    [['--counter', 'sundial']],
    [['--windows']],
  ])('USAGE (exit 2) for %j', (args) => {
    const run = runDriver(['clock-probe', ...args]);
    expect(run.status).toBe(2);
    expect(run.lines.at(-1)).toMatchObject({ type: 'error', code: 'USAGE', subcommand: 'clock-probe' });
  });
});

describe('time --scope', () => {
  // runDelayNs is there when /proc/self/schedstat can be read, as on every machine these tests run on.
  const trialKeys = [
    'v',
    'type',
    'iterations',
    'seconds',
    'nanoseconds',
    'ticks',
    'cpuAfter',
    'involuntarySwitches',
    'voluntarySwitches',
    'migrations',
    'runDelayNs',
  ];

  function timeRun(args: string[]): { meta: Line; trial: Line; end: Line } {
    const run = runDriver(['time', ...args]);
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.type)).toEqual(['meta', 'trial', 'end']);
    const [meta, trial, end] = run.lines as [Line, Line, Line];
    return { meta, trial, end };
  }

  /** Checks the perCall block against its own definitions and the whole-loop ticks. */
  function checkPerCall(trial: Line, iterations: number): PerCall {
    const perCall = trial.perCall as PerCall;
    expect(perCall.count).toBe(iterations);
    expect(perCall.rawMinTicks).toBeLessThanOrEqual(perCall.rawQ1Ticks);
    expect(perCall.rawQ1Ticks).toBeLessThanOrEqual(perCall.rawMedianTicks);
    expect(perCall.rawMedianTicks).toBeLessThanOrEqual(perCall.rawQ3Ticks);
    expect(perCall.rawQ3Ticks).toBeLessThanOrEqual(perCall.rawMaxTicks);
    expect(perCall.overheadTicks).toBeGreaterThan(0);
    // Corrected = raw − overhead, floored at 0 (PROTOCOL.md).
    expect(perCall.medianTicks).toBe(Math.max(0, perCall.rawMedianTicks - perCall.overheadTicks));
    expect(perCall.q1Ticks).toBe(Math.max(0, perCall.rawQ1Ticks - perCall.overheadTicks));
    expect(perCall.q3Ticks).toBe(Math.max(0, perCall.rawQ3Ticks - perCall.overheadTicks));
    // ticks spans the same readings: it is the sum of the K per-call differences.
    expect(trial.ticks as number).toBeGreaterThanOrEqual(iterations * perCall.rawMinTicks);
    expect(trial.ticks as number).toBeLessThanOrEqual(iterations * perCall.rawMaxTicks);
    return perCall;
  }

  test('loop scope (the default) keeps the trial line as before, plus migrations and runDelayNs', () => {
    for (const scopeArgs of [[], ['--scope', 'loop']]) {
      const { meta, trial } = timeRun([lib('xor_ok'), '256', '64', '100', '1', ...scopeArgs]);
      expect(meta.scope).toBe('loop');
      expect(Object.keys(trial)).toEqual(trialKeys);
      expect(trial.iterations).toBe(100);
      expect(Number.isInteger(trial.ticks) && (trial.ticks as number) > 0).toBe(true);
      expect(trial.migrations === null || isCount(trial.migrations)).toBe(true);
    }
  });

  test('meta carries the counter figures measured at start', () => {
    const { meta } = timeRun([lib('xor_ok'), '256', '64', '10', '0']);
    const counter = meta.counter as Record<string, unknown>;
    expect(isCount(counter.overheadTicks) && isCount(counter.resolutionTicks)).toBe(true);
    expect(Number.isInteger(counter.hz) && (counter.hz as number) > 0).toBe(true);
  });

  test('per-call on libxor_ok: count = iterations, ordered quartiles, corrected = max(0, raw − overhead)', () => {
    const { meta, trial } = timeRun([lib('xor_ok'), '256', '64', '1000', '5', '--scope', 'per-call', '--cpu', '0']);
    expect(meta).toMatchObject({ scope: 'per-call', iterations: 1000, cpu: 0 });
    expect(Object.keys(trial)).toEqual([...trialKeys, 'perCall']);
    const perCall = checkPerCall(trial, 1000);
    // The toy hash of 64 bytes is far more than a read's jitter, so nothing is floored here.
    expect(perCall.medianTicks).toBe(perCall.rawMedianTicks - perCall.overheadTicks);
    expect(perCall.medianTicks).toBeGreaterThan(0);
  });

  test('per-call with --counter clock: nanoseconds, inside the CLOCK_MONOTONIC_RAW window', () => {
    const { meta, trial } = timeRun([lib('xor_ok'), '256', '300', '500', '2', '--scope=per-call', '--counter=clock']);
    expect(meta.counter).toMatchObject({ name: 'clock', hz: 1e9, reason: 'selected with --counter clock' });
    checkPerCall(trial, 500);
    expect(trial.ticks as number).toBeLessThanOrEqual(trial.nanoseconds as number);
  });

  test('per-call on libempty: one call, and 200000 calls', () => {
    checkPerCall(timeRun([lib('empty'), '256', '0', '1', '0', '--scope', 'per-call']).trial, 1);
    const { trial } = timeRun([lib('empty'), '256', '0', '200000', '0', '--scope', 'per-call']);
    checkPerCall(trial, 200000);
  });

  test('--counter tscp can be forced on x86-64 (refused with the reason on a CPU without RDTSCP)', () => {
    if (process.arch !== 'x64') return;
    if (!cpuHasRdtscp) {
      const refused = spawnSync(driverPath, ['time', lib('empty'), '256', '0', '100', '0', '--counter', 'tscp'], {
        encoding: 'utf8',
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr + refused.stdout).toContain('RDTSCP');
      return;
    }
    const { meta } = timeRun([lib('empty'), '256', '0', '100', '0', '--counter', 'tscp']);
    expect(meta.counter).toMatchObject({
      name: 'tscp',
      kind: 'fixed-rate',
      access: 'rdtscp-lfence',
      reason: 'selected with --counter tscp',
    });
  });

  test.each([[['--scope', 'sometimes']], [['--scope']]])('USAGE (exit 2) for %j', (args) => {
    const run = runDriver(['time', lib('xor_ok'), '256', '64', '10', '0', ...args]);
    expect(run.status).toBe(2);
    expect(run.lines.at(-1)).toMatchObject({ type: 'error', code: 'USAGE', subcommand: 'time' });
  });

  test('per-call refuses more than 1000000 timed calls (one stored reading each)', () => {
    const run = runDriver(['time', lib('empty'), '256', '0', '1000001', '0', '--scope', 'per-call']);
    expect(run.status).toBe(2);
    expect(String(run.lines.at(-1)?.message)).toContain('at most 1000000 calls');
  });

  test('a failing call in per-call scope is CRYPTOFAIL at that call', () => {
    // libret_fail returns −1 above 100 bits: 13 bytes = 104 bits fails on the first timed call.
    const run = runDriver(['time', lib('ret_fail'), '128', '13', '10', '0', '--scope', 'per-call']);
    expect(run.status).toBe(3);
    expect(run.lines.at(-1)).toMatchObject({ code: 'CRYPTOFAIL', phase: 'timed', index: 0, messageBits: 104 });
  });
});

describe('select-counter-selftest (the choice rule on canned probe results)', () => {
  const choose = (...specs: string[]): Line => onlyLine(['select-counter-selftest', ...specs]);
  const noPmu = 'pmu-cycles!perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory';

  test('a working PMU wins over everything, with no reason', () => {
    expect(choose('pmu-cycles=900/1/3000000000', 'tsc=74/49/2445000000', 'clock=30/20/1000000000')).toEqual({
      v: 1,
      type: 'counter-choice',
      counter: 'pmu-cycles',
      kind: 'core-cycles',
      index: 0,
      reason: '',
    });
    // Two core-cycles candidates: the smaller read overhead wins.
    expect(choose('pmu-cycles=50/1/3000000000', 'pmu-cycles=20/1/3000000000').index).toBe(1);
  });

  test('no PMU: the TSC, with the PMU failure as the reason (this VM)', () => {
    expect(choose(noPmu, 'tsc=74/49/2445000000', 'tscp=60/49/2445000000', 'clock=30/20/1000000000')).toMatchObject({
      counter: 'tsc',
      kind: 'fixed-rate',
      index: 1,
      reason: 'perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed: No such file or directory',
    });
  });

  test('a trapped TSC read (4000 ticks = 1636.0 ns > 4 × 30 ns) is passed over for clock', () => {
    expect(choose('pmu-cycles!no PMU', 'tsc=4000/49/2445000000', 'clock=30/20/1000000000')).toMatchObject({
      counter: 'clock',
      reason:
        'no PMU; tsc passed over: a read costs 1636.0 ns, more than 4 x the 30.0 ns of clock (is the instruction trapped by a hypervisor?)',
    });
  });

  test('the factor 4 boundary: 120 ns against 30 ns is kept, 121 ns is passed over', () => {
    expect(choose('tsc=120/1/1000000000', 'clock=30/20/1000000000').counter).toBe('tsc');
    expect(choose('tsc=121/1/1000000000', 'clock=30/20/1000000000').counter).toBe('clock');
  });

  test('resolution: 1 tick at 1 MHz (1000 ns) loses to a 40 ns clock, ties with a 1000 ns clock', () => {
    expect(choose('pmu-cycles!no PMU', 'cntvct=0/1/1000000', 'clock=40/40/1000000000')).toMatchObject({
      counter: 'clock',
      reason: 'no PMU; cntvct passed over: its resolution is 1000.0 ns, more than 4 x the 40.0 ns of clock',
    });
    expect(choose('pmu-cycles!no PMU', 'cntvct=0/1/1000000', 'clock=1000/1000/1000000000').counter).toBe('cntvct');
  });

  test('tscp is never chosen automatically; an unavailable TSC is named in the reason', () => {
    expect(
      choose('pmu-cycles!no PMU', 'tsc!rdtsc faulted', 'tscp=60/49/2445000000', 'clock=30/20/1000000000'),
    ).toMatchObject({
      counter: 'clock',
      index: 3,
      reason: 'no PMU; tsc unavailable: rdtsc faulted',
    });
  });

  test('nothing available: counter null; a malformed candidate is USAGE', () => {
    expect(choose('pmu-cycles!no PMU', 'clock!broken')).toMatchObject({ counter: null, kind: null, index: null });
    const run = runDriver(['select-counter-selftest', 'tsc=1/2']);
    expect(run.status).toBe(2);
    expect(run.lines.at(-1)).toMatchObject({ code: 'USAGE', subcommand: 'select-counter-selftest' });
  });
});
