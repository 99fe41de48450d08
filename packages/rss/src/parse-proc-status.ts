import type { ProcStatusMemory } from './proc-status-memory.js';
import { RssError } from './rss-error.js';

const KIB_BYTES = 1024;

/** Status keys read, and the result field each one fills. */
const FIELDS: ReadonlyArray<readonly [string, keyof ProcStatusMemory]> = [
  ['VmRSS', 'vmRssBytes'],
  ['VmHWM', 'vmHwmBytes'],
  ['RssAnon', 'rssAnonBytes'],
  ['RssFile', 'rssFileBytes'],
  ['VmPeak', 'vmPeakBytes'],
];

/**
 * Parses the text of a Linux `/proc/<pid>/status` file into its memory figures in bytes
 * (`kB` × 1024). Fields the kernel did not write are `null`.
 *
 * @param text - the whole file, as the kernel wrote it (`Key:\tvalue` lines).
 * @param source - the file name to quote in error messages (default `/proc/<pid>/status`).
 * @returns the memory figures, each in bytes or `null`.
 * @throws {@link RssError} `PARSE` when the text has no `Key: value` lines, or a memory line is
 *   not `<integer> kB`.
 * @remarks Source: proc(5) (`VmHWM`, `VmRSS`, `RssAnon`, `RssFile`, `VmPeak`); guide §3.1.
 * @example
 * ```ts
 * const memory = parseProcStatus('Name:\tcat\nVmHWM:\t    1596 kB\nVmRSS:\t    1596 kB\n');
 * memory.vmHwmBytes; // 1634304
 * memory.rssAnonBytes; // null
 * ```
 */
export function parseProcStatus(text: string, source = '/proc/<pid>/status'): ProcStatusMemory {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    values.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  if (values.size === 0) {
    throw new RssError(
      'PARSE',
      `${source}: no "Key:\\tvalue" lines found, so this is not a proc status file. ` +
        'Pass the text of /proc/<pid>/status (or read it with readProcStatus).',
    );
  }
  const memory: ProcStatusMemory = {
    vmRssBytes: null,
    vmHwmBytes: null,
    rssAnonBytes: null,
    rssFileBytes: null,
    vmPeakBytes: null,
  };
  for (const [key, field] of FIELDS) {
    const value = values.get(key);
    if (value === undefined) continue;
    const match = /^(\d+) kB$/.exec(value);
    if (match === null || match[1] === undefined) {
      throw new RssError(
        'PARSE',
        `${source}: field ${key} is "${value}", expected "<integer> kB". ` +
          'Pass the unmodified text of /proc/<pid>/status.',
      );
    }
    memory[field] = Number(match[1]) * KIB_BYTES;
  }
  return memory;
}
