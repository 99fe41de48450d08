// Spawns `ngcc-perf-driver op-kat LIB CATEGORY KIND [--adapter PATH]` (@ngcc-perf/native/PROTOCOL.md
// "Categories") and reads its records: the driver side of runCategoryKat.
import { DRIVER_STDERR_KEPT_BYTES, parseDriverOutput, spawnDriverProcess } from '@ngcc-perf/native';
import type { KatRecordFields } from '@ngcc-perf/category';
import { z } from 'zod';
import { KatError } from '../kat-error.js';

const recordLineSchema = z.object({
  type: z.literal('op-kat-record'),
  index: z.number().int().nonnegative(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});
const endLineSchema = z.object({ type: z.literal('op-kat-end'), records: z.number().int().nonnegative() });

/** How one op-kat process ended. */
export type CategoryKatRun =
  | { outcome: 'complete'; records: KatRecordFields[] }
  | {
      outcome: 'failed';
      /** The driver's error code (`CRYPTOFAIL`, `OVERFLOW`, `WRONG`, `LOADFAIL`, `USAGE`, `IO`), `CRASH` or `TIMEOUT`. */
      code: string;
      message: string;
      records: KatRecordFields[];
    };

/** Exit codes of the driver that are verdicts on the library (@ngcc-perf/native/PROTOCOL.md "Exit codes"). */
const LIBRARY_EXIT_CODES = new Set([3, 4, 5, 11]);

/**
 * Runs op-kat once and reads its lines.
 * @throws {KatError} `DRIVER_NOT_FOUND` when the driver cannot be started; `DRIVER_FAILED` for a
 *   usage or I/O failure of the driver (a harness problem, not a verdict); the envelope parser's
 *   `DRIVER_VERSION` and `DRIVER_PROTOCOL`
 */
export async function runOpKat(
  driverPath: string,
  args: readonly string[],
  timeoutSeconds: number,
): Promise<CategoryKatRun> {
  const result = await spawnDriverProcess(driverPath, [...args], {
    timeoutSeconds,
    limitBytes: { stdout: 1 << 28, stderr: DRIVER_STDERR_KEPT_BYTES },
  });
  const command = [driverPath, ...args].join(' ');
  if (result.startError !== null) {
    throw new KatError('DRIVER_NOT_FOUND', `Could not start ${driverPath}: ${result.startError}.`, {
      cause: result.startCause,
    });
  }
  const parsed = parseDriverOutput(result.stdout, {
    source: command,
    schemas: { 'op-kat-record': recordLineSchema, 'op-kat-end': endLineSchema },
    makeError: (code, message, cause) =>
      new KatError(code === 'PROTOCOL' ? 'DRIVER_PROTOCOL' : 'DRIVER_VERSION', message, { cause }),
  });
  const records = parsed.lines.flatMap((line) =>
    line.type === 'op-kat-record' ? [{ index: line.index, fields: line.fields }] : [],
  );
  if (result.timedOut) {
    return { outcome: 'failed', code: 'TIMEOUT', message: `no end after ${timeoutSeconds} s`, records };
  }
  if (result.signal !== null) {
    return {
      outcome: 'failed',
      code: 'CRASH',
      message: `killed by ${result.signal} after ${records.length} records`,
      records,
    };
  }
  if (parsed.error !== null && result.exitCode !== null && LIBRARY_EXIT_CODES.has(result.exitCode)) {
    return { outcome: 'failed', code: parsed.error.code, message: parsed.error.message, records };
  }
  const end = parsed.lines.find((line) => line.type === 'op-kat-end');
  if (result.exitCode !== 0 || end === undefined || end.type !== 'op-kat-end' || end.records !== records.length) {
    throw new KatError(
      'DRIVER_FAILED',
      `${command} ended with exit code ${String(result.exitCode)} ${parsed.error === null ? 'without its op-kat-end line' : `(${parsed.error.message})`}. ` +
        'Check the category name and its adapter (ngcc-perf-driver categories --adapter PATH).',
    );
  }
  return { outcome: 'complete', records };
}
