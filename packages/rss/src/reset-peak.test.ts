import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { resetPeak } from './reset-peak.js';

// A fake procfs: "self" (so procfs looks mounted) and process 42 without a clear_refs file.
const procRoot = mkdtempSync(path.join(os.tmpdir(), 'rss-fakeproc-'));
mkdirSync(path.join(procRoot, 'self'));
mkdirSync(path.join(procRoot, '42'));
writeFileSync(path.join(procRoot, '42', 'status'), 'Name:\tdriver\nVmHWM:\t    1468 kB\nVmRSS:\t    1404 kB\n');
afterAll(() => rmSync(procRoot, { recursive: true, force: true }));

describe('resetPeak', () => {
  it('says unsupported (ENOENT, with the reason) when the kernel has no clear_refs, and creates no file', () => {
    const result = resetPeak(42, { procRoot });
    expect(result).toEqual({
      status: 'unsupported',
      clearRefsFile: path.join(procRoot, '42', 'clear_refs'),
      errno: 'ENOENT',
      reason: `${path.join(procRoot, '42', 'clear_refs')} does not exist: the kernel lacks CONFIG_PROC_PAGE_MONITOR (or is older than 2.6.22)`,
    });
    expect(() => resetPeak(42, { procRoot })).not.toThrow();
  });

  it('throws NO_PROCESS for a process that does not exist, INVALID_ARGUMENT for a bad pid', () => {
    expect(() => resetPeak(43, { procRoot })).toThrow(expect.objectContaining({ code: 'NO_PROCESS' }));
    expect(() => resetPeak(0)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
