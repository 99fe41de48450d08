// Spawns the real driver (`ngcc-perf-driver memory`, native/PROTOCOL.md) on the test libraries
// whose memory use is known by construction (native/testlibs/README.md).
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { measureCallMemory } from '../src/index.js';
import type { CallMemory, CallMemoryResult } from '../src/index.js';

const buildDir = process.env.NGCC_PERF_NATIVE_BUILD ?? '';
const testlib = (name: string): string => path.join(buildDir, 'testlibs', `lib${name}.so`);
const KIB = 1024;
const MIB = 1024 * KIB;

function complete(result: CallMemoryResult): CallMemory {
  if (result.status !== 'complete')
    throw new Error(`expected a measurement, got ${result.verdictLike}: ${result.failure}`);
  return result.memory;
}

describe('measureCallMemory on the driver', () => {
  it('libbig_stack (a 64 KiB stack array): stack high-water within 2 KiB of 64 KiB, no heap', async () => {
    const memory = complete(
      await measureCallMemory({ library: testlib('big_stack'), digestBits: 256, messageBytes: 64 }),
    );
    expect(Math.abs(memory.stackHighWaterBytes - 64 * KIB)).toBeLessThanOrEqual(2 * KIB);
    expect(memory.stackHighWaterBytes - memory.stackOverheadBytes).toBeGreaterThanOrEqual(64 * KIB);
    expect(memory).toMatchObject({ heapPeakBytes: 0, heapAllocations: 0, mmapBytes: 0, exitCode: 0 });
    expect(memory.command.slice(1)).toEqual(['memory', testlib('big_stack'), '256', '64']);
  });

  it('libbig_heap (malloc of 1 MiB): heap peak exactly 1048576 bytes in 1 allocation, glibc usable size a little more, operation peak ≥ 1 MiB', async () => {
    const result = await measureCallMemory({ library: testlib('big_heap'), digestBits: 256, messageBytes: 64, cpu: 0 });
    const memory = complete(result);
    expect(memory.heapPeakBytes).toBe(MIB);
    expect(memory.heapAllocations).toBe(1);
    expect(memory.heapRetainedBytes).toBe(0);
    // Allocator bookkeeping: glibc's usable size of the block (rounded up; the chunk header is not counted).
    expect(memory.heapPeakUsableBytes).toBeGreaterThanOrEqual(MIB);
    expect(memory.heapPeakUsableBytes).toBeLessThan(MIB + 8 * KIB);
    if (result.status === 'complete')
      expect(result.heapBookkeepingNote).toContain(`peaked at ${memory.heapPeakUsableBytes} bytes`);
    if (memory.clearRefs === 'supported') expect(memory.operationPeakBytes).toBeGreaterThanOrEqual(MIB);
    else expect(memory.operationPeakBytes).toBeNull();
    expect(memory.command).toContain('--cpu');
  });

  it('libleak and libmap_pages: 4096 retained bytes; 3 mapped pages count as mmap, not heap', async () => {
    expect(
      complete(await measureCallMemory({ library: testlib('leak'), digestBits: 256, messageBytes: 64 })),
    ).toMatchObject({ heapPeakBytes: 4096, heapRetainedBytes: 4096 });
    expect(
      complete(await measureCallMemory({ library: testlib('map_pages'), digestBits: 256, messageBytes: 64 })),
    ).toMatchObject({ mmapBytes: 3 * 4096, heapPeakBytes: 0 });
  });

  it('libsegv: CRASH by SIGSEGV as data', async () => {
    const result = await measureCallMemory({ library: testlib('segv'), digestBits: 256, messageBytes: 8 });
    expect(result).toMatchObject({ status: 'failed', verdictLike: 'CRASH', signal: 'SIGSEGV', exitCode: null });
    if (result.status === 'failed')
      expect(result.failure).toContain(
        `CRASH — killed by SIGSEGV: the library ${testlib('segv')} crashed with signal 11`,
      );
  });

  it('a 64 KiB frame on a 32 KiB measurement stack hits the guard region: CRASH', async () => {
    const result = await measureCallMemory({
      library: testlib('big_stack'),
      digestBits: 256,
      messageBytes: 8,
      stackBytes: 32768,
    });
    expect(result).toMatchObject({ status: 'failed', verdictLike: 'CRASH', signal: 'SIGSEGV' });
  });

  it('CRYPTOFAIL, OVERFLOW and LOADFAIL come back as verdicts', async () => {
    // libret_fail rejects messages over 100 bits: 13 bytes = 104 bits.
    expect(await measureCallMemory({ library: testlib('ret_fail'), digestBits: 128, messageBytes: 13 })).toMatchObject({
      status: 'failed',
      verdictLike: 'CRYPTOFAIL',
      exitCode: 3,
    });
    expect(await measureCallMemory({ library: testlib('overflow'), digestBits: 256, messageBytes: 8 })).toMatchObject({
      status: 'failed',
      verdictLike: 'OVERFLOW',
      exitCode: 4,
    });
    expect(await measureCallMemory({ library: testlib('no_symbol'), digestBits: 256, messageBytes: 8 })).toMatchObject({
      status: 'failed',
      verdictLike: 'LOADFAIL',
      exitCode: 5,
    });
  });
});

describe('measureCallMemory of an operation of a category (op-memory)', () => {
  it('measures one kem dec of the toy KEM after its set-up key pair and ciphertext, with no heap', async () => {
    const memory = complete(
      await measureCallMemory({
        library: testlib('pk_toy_kem'),
        operation: { category: 'kem', name: 'dec', parameters: {} },
        cpu: 0,
      }),
    );
    expect(memory.command.slice(1)).toEqual(['op-memory', testlib('pk_toy_kem'), 'kem', 'dec', '--cpu', '0']);
    expect(memory.stackHighWaterBytes).toBeGreaterThan(0);
    expect(memory).toMatchObject({ heapPeakBytes: 0, heapAllocations: 0, exitCode: 0 });
  });

  it('the 64 KiB stack array of libbig_stack through the hash operation, as memory measures it', async () => {
    const memory = complete(
      await measureCallMemory({
        library: testlib('big_stack'),
        operation: { category: 'hash', name: 'hash', parameters: { digestBits: '256', messageBytes: '64' } },
      }),
    );
    expect(memory.stackHighWaterBytes).toBeGreaterThanOrEqual(64 * KIB);
  });

  it('a dec that gives another secret is a failure with its verdict, not a figure', async () => {
    const result = await measureCallMemory({
      library: testlib('pk_toy_kem_wrong_secret'),
      operation: { category: 'kem', name: 'dec', parameters: {} },
    });
    expect(result).toMatchObject({ status: 'failed', verdictLike: 'CHECKFAIL' });
  });
});
