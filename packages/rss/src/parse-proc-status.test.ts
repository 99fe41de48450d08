import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parseProcStatus } from './parse-proc-status.js';
import { RssError } from './rss-error.js';

const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../test/fixtures/${name}`, import.meta.url)), 'utf8');

describe('parseProcStatus', () => {
  it('converts the kB lines of a real /proc/self/status capture to bytes', () => {
    // The fixture says VmRSS 2168 kB, VmHWM 2168 kB, RssAnon 164 kB, RssFile 2004 kB, VmPeak 4040 kB.
    expect(parseProcStatus(fixture('proc-self-status.txt'))).toEqual({
      vmRssBytes: 2168 * 1024,
      vmHwmBytes: 2168 * 1024,
      rssAnonBytes: 164 * 1024,
      rssFileBytes: 2004 * 1024,
      vmPeakBytes: 4040 * 1024,
    });
  });

  it('gives null for every field of a kernel thread, which has no memory lines', () => {
    expect(parseProcStatus(fixture('proc-kthreadd-status.txt'))).toEqual({
      vmRssBytes: null,
      vmHwmBytes: null,
      rssAnonBytes: null,
      rssFileBytes: null,
      vmPeakBytes: null,
    });
  });

  it('gives null for fields an older kernel did not write', () => {
    const memory = parseProcStatus('Name:\tdriver\nVmHWM:\t    1468 kB\nVmRSS:\t    1404 kB\n');
    expect(memory.vmHwmBytes).toBe(1503232); // 1468 KiB, the anchor's peak RSS for litchi_512 at 32 B
    expect(memory.vmRssBytes).toBe(1437696); // 1404 KiB
    expect(memory.rssAnonBytes).toBeNull();
    expect(memory.vmPeakBytes).toBeNull();
  });

  it('rejects text that is not a status file, naming the source and the fix', () => {
    expect(() => parseProcStatus('', '/proc/42/status')).toThrow(RssError);
    try {
      parseProcStatus('hello world', '/proc/42/status');
    } catch (error) {
      expect(error).toBeInstanceOf(RssError);
      expect((error as RssError).code).toBe('PARSE');
      expect((error as RssError).name).toBe('RssError');
      expect((error as RssError).message).toContain('/proc/42/status');
    }
  });

  it('rejects a memory line that is not "<integer> kB"', () => {
    expect(() => parseProcStatus('Name:\tx\nVmHWM:\t12 MB\n', 'status.txt')).toThrow(
      /status.txt: field VmHWM is "12 MB"/,
    );
  });
});
