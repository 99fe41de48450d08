// op-memory (PROTOCOL.md "Categories"): the memory of one call of any category's operation with
// the machinery of `memory` — the painted stack, the allocator tables, the operation peak —
// after the category's set-up: the built-in hash operation on the toys whose stack and heap are
// known, each public-key toy operation, and a set-up that fails its check.
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const driverPath = process.env.NGCC_PERF_DRIVER ?? '';
const testlibsDir = path.join(process.env.NGCC_PERF_NATIVE_BUILD ?? '', 'testlibs');
const lib = (name: string): string => path.join(testlibsDir, `lib${name}.so`);

type Line = { v: number; type: string } & Record<string, unknown>;

function opMemory(name: string, ...args: string[]): { status: number | null; lines: Line[] } {
  const result = spawnSync(driverPath, ['op-memory', lib(name), ...args], { timeout: 30000 });
  const lines = result.stdout
    .toString('utf8')
    .split('\n')
    .filter((text) => text.length > 0)
    .map((text) => JSON.parse(text) as Line);
  return { status: result.status, lines };
}

const hash = ['hash', 'hash', '--param', 'digestBits=256', '--param', 'messageBytes=64'];

describe('op-memory', () => {
  test('measures a hash operation as `memory` does: a 64 KiB stack array, a 1 MiB malloc', () => {
    const stack = opMemory('big_stack', ...hash);
    expect(stack.status).toBe(0);
    expect(stack.lines[0]).toMatchObject({ type: 'memory', category: 'hash', operation: 'hash' });
    expect(stack.lines[0]?.stackHighWaterBytes as number).toBeGreaterThanOrEqual(65536);
    expect(stack.lines[0]).not.toHaveProperty('messageBytes');
    const heap = opMemory('big_heap', ...hash);
    expect(heap.lines[0]).toMatchObject({ heapPeakBytes: 1048576, heapAllocations: 1 });
  });

  test.each([
    ['pk_toy_kem', 'kem', 'keygen'],
    ['pk_toy_kem', 'kem', 'enc'],
    ['pk_toy_kem', 'kem', 'dec'],
    ['pk_toy_sig', 'sig', 'sign', '--param', 'messageBytes=64'],
    ['pk_toy_sig', 'sig', 'verify', '--param', 'messageBytes=64'],
    ['pk_toy_kex3', 'kex', 'exchange'],
    ['pk_toy_kex3', 'kex', 'pass3'],
  ])('measures one call of %s %s %s after its set-up', (name, category, operation, ...extra) => {
    const run = opMemory(name, category, operation, ...extra);
    expect(run.status).toBe(0);
    expect(run.lines.map((line) => line.type)).toEqual(['memory', 'end']);
    expect(run.lines[0]).toMatchObject({ category, operation, heapAllocations: 0 });
    expect(run.lines[0]?.stackHighWaterBytes as number).toBeGreaterThan(0);
  });

  test('a set-up whose check fails is its verdict, not a figure', () => {
    const run = opMemory('pk_toy_kem_wrong_secret', 'kem', 'dec');
    expect(run.status).toBe(11);
    expect(run.lines).toEqual([expect.objectContaining({ type: 'error', code: 'CHECKFAIL', phase: 'prepare' })]);
  });
});
