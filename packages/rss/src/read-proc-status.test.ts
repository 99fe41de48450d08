import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { readProcStatus } from './read-proc-status.js';

const emptyRoot = mkdtempSync(path.join(os.tmpdir(), 'rss-noproc-'));
afterAll(() => rmSync(emptyRoot, { recursive: true, force: true }));

describe('readProcStatus', () => {
  it('reads this Node process live: high-water mark ≥ current RSS > 0, anon + file ≤ RSS', () => {
    const memory = readProcStatus(process.pid);
    expect(memory.vmRssBytes).toBeGreaterThan(0);
    expect(memory.vmHwmBytes).toBeGreaterThanOrEqual(memory.vmRssBytes ?? Infinity);
    expect((memory.vmRssBytes ?? 0) % 1024).toBe(0); // the kernel writes kB
    expect((memory.rssAnonBytes ?? 0) + (memory.rssFileBytes ?? 0)).toBeLessThanOrEqual(memory.vmRssBytes ?? 0);
  });

  it("reads 'self' the same way", () => {
    expect(readProcStatus('self').vmHwmBytes).toBeGreaterThan(0);
  });

  it('says NO_PROCESS for a pid that does not exist', () => {
    // pid_max is at most 2^22 = 4194304, so this pid cannot exist.
    expect(() => readProcStatus(4194305)).toThrow(expect.objectContaining({ code: 'NO_PROCESS' }));
  });

  it('says NO_PROC when there is no proc filesystem at procRoot', () => {
    expect(() => readProcStatus(1, { procRoot: emptyRoot })).toThrow(expect.objectContaining({ code: 'NO_PROC' }));
  });

  it('rejects a pid that is not a positive integer', () => {
    expect(() => readProcStatus(-1)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
