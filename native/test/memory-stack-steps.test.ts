// Spawns `ngcc-perf-driver memory` against libstack_array_<N>_{plain,malloc}.so (native/testlibs/stack_array.c):
// the stack high-water must be the library's own use. Before the driver was linked with -z now, the heap
// tracker's first call to a lazily bound symbol (malloc_usable_size) ran the dynamic linker's resolver on the
// painted stack: the malloc variants reported 13,352 B for a 10,000-byte array (10,280 B now) and did not move
// with the array.
import { beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const buildDir = process.env.NGCC_PERF_NATIVE_BUILD ?? '';

const ARRAY_BYTES = [10000, 10008, 10016, 10024] as const;

/** The stack high-water of one `memory` call (digest 256 bits, 64-byte message), in bytes. */
function stackHighWaterBytes(arrayBytes: number, variant: 'plain' | 'malloc'): number {
  const library = path.join(buildDir, 'testlibs', `libstack_array_${arrayBytes}_${variant}.so`);
  const run = spawnSync(driverPath, ['memory', library, '256', '64'], { timeout: 30000 });
  expect(run.stderr.toString('utf8')).toBe('');
  expect(run.status).toBe(0);
  const line = JSON.parse(run.stdout.toString('utf8').split('\n')[0]!) as {
    stackHighWaterBytes: number;
    heapAllocations: number | null;
  };
  expect(line.heapAllocations).toBe(variant === 'malloc' ? 1 : 0);
  return line.stackHighWaterBytes;
}

/** x86-64 and AArch64 keep the stack pointer 16-byte aligned, so a frame grows in 16-byte steps. */
const roundUp16 = (bytes: number): number => Math.ceil(bytes / 16) * 16;

describe("memory: the stack high-water is the library's own use, with and without malloc", () => {
  let plain: number[] = [];
  let withMalloc: number[] = [];
  beforeAll(() => {
    plain = ARRAY_BYTES.map((bytes) => stackHighWaterBytes(bytes, 'plain'));
    withMalloc = ARRAY_BYTES.map((bytes) => stackHighWaterBytes(bytes, 'malloc'));
  });

  test.each(ARRAY_BYTES.map((bytes, index) => [bytes, index] as const))(
    "a %i-byte array: a little above the array, and malloc(3000) adds its own frames only (< 512 B, not the resolver's ~3 KB)",
    (arrayBytes, index) => {
      expect(plain[index]).toBeGreaterThanOrEqual(arrayBytes);
      expect(plain[index]).toBeLessThan(arrayBytes + 256);
      expect(withMalloc[index]).toBeGreaterThanOrEqual(plain[index]!);
      expect(withMalloc[index]! - plain[index]!).toBeLessThan(512);
    },
  );

  test("8-byte steps of the array move the figure with the array's 16-byte-aligned frame, with and without malloc", () => {
    // figure − roundUp16(array) is the same for every step: 10000 → +0, 10008 → +16, 10016 → +16, 10024 → +32.
    const plainOffsets = plain.map((bytes, index) => bytes - roundUp16(ARRAY_BYTES[index]!));
    const mallocOffsets = withMalloc.map((bytes, index) => bytes - roundUp16(ARRAY_BYTES[index]!));
    expect(new Set(plainOffsets).size).toBe(1);
    expect(new Set(mallocOffsets).size).toBe(1);
    expect(plain[3]! - plain[0]!).toBe(32);
    expect(withMalloc[3]! - withMalloc[0]!).toBe(32);
  });
});
