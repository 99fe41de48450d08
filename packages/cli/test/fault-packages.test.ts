// The fault corpus (native/testlibs/README.md) through the real measuring packages, in every
// sandbox mode the host can enter (bwrap when bubblewrap is installed, unshare always): each
// faulty library gets its KAT verdict from runKat, its record status from measureOperation and
// measureCallMemory, never an exception, and no sandboxed process outlives its kill. The
// escape attempts' own checks (listener, files) are in native/test/sandbox-driver.test.ts.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runKat, type KatResult } from '@ngcc-perf/kat';
import { pacedMilliseconds } from '@ngcc-perf/native';
import { measureCallMemory } from '@ngcc-perf/rss';
import { measureOperation, type OperationMeasurement } from '@ngcc-perf/timing';
import { driverWithEnvironment } from './fault-support.js';

type Mode = 'bwrap' | 'unshare';
const buildDir = process.env.NGCC_PERF_NATIVE_BUILD ?? '';
const work = mkdtempSync(path.join(tmpdir(), 'fault-packages-'));
const outside = path.join(work, 'outside');
const MEMORY_LIMIT_BYTES = 256 << 20;
/**
 * A library expected to hang is given 2 s; one expected to end is given 30 s of a quiet host's
 * time on this host (pacedMilliseconds), so a loaded host cannot turn its slow end into TIMEOUT.
 */
const HANG_TIMEOUT_SECONDS = 2;
const ENDING_TIMEOUT_SECONDS = pacedMilliseconds(30_000) / 1000;
const HANGING = new Set(['hang', 'fault_signal_spin']);
const timeoutFor = (library: string): number =>
  HANGING.has(path.basename(library).replace(/^lib|-fault-packages\.so$|\.so$/g, ''))
    ? HANG_TIMEOUT_SECONDS
    : ENDING_TIMEOUT_SECONDS;

/** The libraries that hang are run through a symlink with a name of their own, so a leftover process is easy to find. */
function lib(name: string): string {
  const real = path.join(buildDir, 'testlibs', `lib${name}.so`);
  if (name !== 'hang' && name !== 'fault_signal_spin') return real;
  const link = path.join(work, `lib${name}-fault-packages.so`);
  try {
    symlinkSync(real, link);
  } catch {
    // already there
  }
  return link;
}

mkdirSync(outside, { recursive: true });
/** The driver in each mode, with the memory limit and the escape target of the corpus. */
const drivers: Record<Mode, string> = {
  bwrap: driverWithEnvironment(work, 'driver-bwrap', {
    NGCC_PERF_SANDBOX: 'bwrap',
    NGCC_PERF_SANDBOX_MEMORY_BYTES: String(MEMORY_LIMIT_BYTES),
    NGCC_FAULT_DIR: outside,
  }),
  unshare: driverWithEnvironment(work, 'driver-unshare', {
    NGCC_PERF_SANDBOX: 'unshare',
    NGCC_PERF_SANDBOX_MEMORY_BYTES: String(MEMORY_LIMIT_BYTES),
    NGCC_FAULT_DIR: outside,
  }),
};

function modeWorks(mode: Mode): boolean {
  const result = spawnSync(drivers[mode], ['info'], { timeout: 30000 });
  return result.stdout.toString('utf8').includes(`"sandbox":{"mode":"${mode}"`);
}
const modes = (['bwrap', 'unshare'] as const).filter(modeWorks);

/** What each package should conclude: a KAT verdict, a timing record status (or failure code), a memory status. */
interface Expected {
  library: string;
  digestBits?: number;
  kat: KatResult['verdict'];
  time: 'complete' | 'CRASH' | 'TIMEOUT' | 'CRYPTOFAIL' | 'OVERFLOW' | 'LOADFAIL' | 'INCOMPLETE';
  memory: 'complete' | 'CRASH' | 'TIMEOUT' | 'CRYPTOFAIL' | 'OVERFLOW' | 'LOADFAIL';
}

const CORPUS: Expected[] = [
  { library: 'segv', kat: 'CRASH', time: 'CRASH', memory: 'CRASH' },
  { library: 'fault_abort', kat: 'CRASH', time: 'CRASH', memory: 'CRASH' },
  { library: 'hang', kat: 'TIMEOUT', time: 'TIMEOUT', memory: 'TIMEOUT' },
  { library: 'fault_signal_spin', kat: 'TIMEOUT', time: 'TIMEOUT', memory: 'TIMEOUT' },
  { library: 'overflow', kat: 'OVERFLOW', time: 'OVERFLOW', memory: 'OVERFLOW' },
  // `time` and `memory` compare the message with its pattern outside the timed loop: a library that
  // writes into its message is no complete measurement either.
  { library: 'msg_write', kat: 'OVERFLOW', time: 'OVERFLOW', memory: 'OVERFLOW' },
  { library: 'ret_fail', kat: 'CRYPTOFAIL', time: 'CRYPTOFAIL', memory: 'CRYPTOFAIL' },
  { library: 'leak', kat: 'NOKAT', time: 'complete', memory: 'complete' },
  { library: 'fault_exhaust', kat: 'CRYPTOFAIL', time: 'CRYPTOFAIL', memory: 'CRYPTOFAIL' },
  { library: 'greedy', kat: 'CRYPTOFAIL', time: 'CRYPTOFAIL', memory: 'CRYPTOFAIL' },
  { library: 'fault_fork', kat: 'NOKAT', time: 'complete', memory: 'complete' },
  { library: 'fault_exec_shell', kat: 'NOKAT', time: 'complete', memory: 'complete' },
  { library: 'fault_connect', kat: 'NOKAT', time: 'complete', memory: 'complete' },
  { library: 'fault_write_outside', kat: 'NOKAT', time: 'complete', memory: 'complete' },
  { library: 'fault_chdir', kat: 'NOKAT', time: 'complete', memory: 'complete' },
  { library: 'fault_kill_parent', kat: 'NOKAT', time: 'complete', memory: 'complete' },
  { library: 'fault_exit_zero', kat: 'CRASH', time: 'INCOMPLETE', memory: 'CRASH' },
  { library: 'fault_abi_64', kat: 'OVERFLOW', time: 'OVERFLOW', memory: 'OVERFLOW' },
  { library: 'fault_abi_64', digestBits: 512, kat: 'NOKAT', time: 'complete', memory: 'complete' },
  { library: 'no_symbol', kat: 'LOADFAIL', time: 'LOADFAIL', memory: 'LOADFAIL' },
];

const kat = (driverPath: string, library: string, digestBits: number) =>
  runKat({
    library,
    digestBits,
    name: 'fault',
    candidateId: 'fault-corpus',
    files: ['KAT_2_12'],
    timeoutSeconds: timeoutFor(library),
    maxMemoryBytes: MEMORY_LIMIT_BYTES,
    driverPath,
  });

const time = (driverPath: string, library: string, digestBits: number) =>
  measureOperation({
    library,
    digestBits,
    messageBytes: 64,
    driverPath,
    options: {
      trialTargetSeconds: 0.001,
      trials: 2,
      minIterations: 5,
      maxIterations: 50,
      minMeasurements: 10,
      budgetSeconds: timeoutFor(library) + 1,
    },
  });

function timeStatus(measured: OperationMeasurement): Expected['time'] {
  if (measured.status === 'complete') return 'complete';
  const failed = [measured.calibration, ...measured.processes].find((process) => process.failure !== undefined);
  return (failed?.failure?.code ?? 'EXIT') as Expected['time'];
}

/** SHA-256 of libxor_ok's KAT_2_12 file (the toy hash) by digest bits. */
const toyKatSha256 = new Map<number, string>();

beforeAll(async () => {
  for (const digestBits of [256, 512]) {
    const reference = await kat(drivers.unshare, lib('xor_ok'), digestBits);
    toyKatSha256.set(digestBits, reference.files[0]?.canonicalSha256 ?? '');
  }
}, pacedMilliseconds(60_000));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

test('the host can enter the unshare sandbox', () => {
  expect(modes).toContain('unshare');
});

describe.each(modes)('in %s mode', (mode) => {
  const driverPath = drivers[mode];

  test.each(
    CORPUS.map((c) => [`${c.library}${c.digestBits === undefined ? '' : ` (${c.digestBits} bits)`}`, c] as const),
  )(
    '%s: KAT verdict, timing status, memory status',
    async (_name, expected) => {
      const library = lib(expected.library);
      const digestBits = expected.digestBits ?? 256;
      const katResult = await kat(driverPath, library, digestBits);
      const measured = await time(driverPath, library, digestBits);
      const memory = await measureCallMemory({
        library,
        digestBits,
        messageBytes: 64,
        timeoutSeconds: timeoutFor(library),
        driverPath,
      });
      expect({
        kat: katResult.verdict,
        time: timeStatus(measured),
        memory: memory.status === 'complete' ? 'complete' : memory.verdictLike,
      }).toEqual({ kat: expected.kat, time: expected.time, memory: expected.memory });
      if (katResult.verdict === 'NOKAT') {
        // The escape attempts failed silently: the KAT file is the toy hash's, byte for byte.
        expect(katResult.files[0]?.canonicalSha256).toBe(toyKatSha256.get(digestBits));
      }
      expect(readdirSync(outside)).toEqual([]);
    },
    pacedMilliseconds(30_000),
  );

  test('no sandboxed process outlived the kills of the hanging libraries', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const left = spawnSync('sh', ['-c', 'cat /proc/[0-9]*/cmdline 2>/dev/null | tr "\\0" " "']).stdout.toString('utf8');
    expect(left.includes('fault-packages.so')).toBe(false);
  });
});
