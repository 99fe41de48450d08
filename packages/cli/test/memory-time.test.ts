// `ngcc-perf time` through main(): after the trials, one `ngcc-perf-driver memory` process adds
// the per-call figures (native/testlibs/README.md gives the values by construction).
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';

const testlibs = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');
const KIB = 1024;
const MIB = 1024 * KIB;
// A short run: one trial of 20 calls, no calibration.
const QUICK = ['--digest-bits', '256', '--bytes', '64', '--iterations', '20', '--trials', '1'];

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

interface TimeJson {
  status: string;
  operationPeakBytes: number | null;
  stackHighWaterBytes: number | null;
  heapPeakBytes: number | null;
  heapAllocations: number | null;
  memoryFailure?: string;
  meanCycles: number | null;
}

describe('ngcc-perf time --json adds the memory of one call', () => {
  it('libbig_heap (malloc of 1 MiB): heapPeakBytes 1048576 in 1 allocation, operationPeakBytes ≥ 1 MiB', async () => {
    const result = await run(['time', path.join(testlibs, 'libbig_heap.so'), ...QUICK, '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as TimeJson;
    expect(json.status).toBe('complete');
    expect(json.heapPeakBytes).toBe(MIB);
    expect(json.heapAllocations).toBe(1);
    expect(json.operationPeakBytes).toBeGreaterThanOrEqual(MIB);
    expect(json.stackHighWaterBytes).toBeGreaterThan(0);
    expect(json.memoryFailure).toBeUndefined();
    // Unchanged timing fields are still there.
    expect(json.meanCycles).toBeGreaterThan(0);
  });

  it('libbig_stack (a 64 KiB stack array): stackHighWaterBytes within 2 KiB of 65536, no heap', async () => {
    const result = await run(['time', path.join(testlibs, 'libbig_stack.so'), ...QUICK, '--json', '--cpu', '0']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as TimeJson;
    expect(Math.abs((json.stackHighWaterBytes ?? 0) - 64 * KIB)).toBeLessThanOrEqual(2 * KIB);
    expect(json).toMatchObject({ heapPeakBytes: 0, heapAllocations: 0 });
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(['operationPeakBytes', 'stackHighWaterBytes', 'heapPeakBytes', 'heapAllocations']),
    );
  });

  it('libsegv: the four fields are null and memoryFailure says CRASH by SIGSEGV; exit code 3 (could not vouch)', async () => {
    const result = await run(['time', path.join(testlibs, 'libsegv.so'), ...QUICK, '--json']);
    expect(result.code).toBe(3);
    const json = JSON.parse(result.stdout) as TimeJson;
    expect(json).toMatchObject({
      status: 'failed',
      operationPeakBytes: null,
      stackHighWaterBytes: null,
      heapPeakBytes: null,
      heapAllocations: null,
    });
    expect(json.memoryFailure).toMatch(/^CRASH — killed by SIGSEGV: the library .*libsegv\.so crashed with signal 11/);
  });
});

describe('ngcc-perf time prints the memory line', () => {
  it('libbig_heap: "heap peak 1048576 B in 1 allocations"', async () => {
    const result = await run(['time', path.join(testlibs, 'libbig_heap.so'), ...QUICK]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^memory of one call: stack high-water \d+ B, heap peak 1048576 B in 1 allocations, operation peak (\d+ B|n\/a .*)$/m,
    );
  });

  it('--digest-bits that is not a multiple of 8 is a usage error (exit 2)', async () => {
    const result = await run(['time', path.join(testlibs, 'libxor_ok.so'), '--digest-bits', '12', '--bytes', '8']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('ngcc-perf: --digest-bits must be a multiple of 8 (whole bytes), got 12.\n');
  });
});
