import { RssError } from './rss-error.js';

/**
 * Resident set size from the text of `/proc/<pid>/statm`: its second field (resident pages)
 * times the page size. This is how the driver measures baseline RSS (guide §3.1).
 *
 * @param text - the file's one line: `size resident shared text lib data dt`, in pages.
 * @param pageBytes - the page size in bytes (`getconf PAGESIZE`; the driver's `info` line
 *   reports it as `pageBytes`).
 * @returns resident bytes.
 * @throws {@link RssError} `INVALID_ARGUMENT` when `pageBytes` is not a positive integer;
 *   `PARSE` when the text does not start with two non-negative integers.
 * @remarks Source: proc(5), `/proc/pid/statm`; guide §3.1 (baseline RSS = resident pages × page size).
 * @example
 * ```ts
 * readResidentBytesFromStatm('765 405 377 5 0 123 0\n', 4096); // 1658880
 * ```
 */
export function readResidentBytesFromStatm(text: string, pageBytes: number): number {
  if (!Number.isInteger(pageBytes) || pageBytes <= 0) {
    throw new RssError(
      'INVALID_ARGUMENT',
      `pageBytes is ${pageBytes}; it must be a positive integer such as 4096 (see "getconf PAGESIZE").`,
    );
  }
  const fields = text.trim().split(/\s+/);
  const resident = fields[1];
  if (fields.length < 2 || resident === undefined || !/^\d+$/.test(resident)) {
    throw new RssError(
      'PARSE',
      `/proc/<pid>/statm: expected "size resident shared text lib data dt" in pages, got "${text.trim()}". ` +
        'Pass the unmodified text of /proc/<pid>/statm.',
    );
  }
  return Number(resident) * pageBytes;
}
