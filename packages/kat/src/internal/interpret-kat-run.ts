// Turns what one `ngcc-perf-driver kat` process did (exit code or signal, stdout, stderr) into a
// DriverKatOutcome (@ngcc-perf/native/PROTOCOL.md exit codes). Pure, so it is unit-tested without spawning.
import type { DriverKatOutcome, DriverKatRecord } from '../driver-runner.js';
import { KatError } from '../kat-error.js';
import type { KatFileKind } from '../kat-messages.js';
import { checkRecords } from './check-driver-records.js';
import { parseDriverOutput, type KatErrorLine } from './driver-lines.js';
import { REBUILD_DRIVER } from './read-mode-lines.js';
import { shortHex } from './short-hex.js';

/** The facts of one finished driver process. */
export interface KatRunFacts {
  driverPath: string;
  library: string;
  digestBits: number;
  file: KatFileKind;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  timeoutSeconds: number;
  stdout: string;
  stderr: string;
}

function lastWords(stderr: string): string {
  const text = stderr.trim().split('\n').slice(-3).join(' / ');
  return text.length > 300 ? `…${text.slice(-300)}` : text;
}

/** "record 7 (7 bits)" or "KAT_Loop step 12 (8192 bits)". */
function placeText(index: number, iteration: number | null, bits: number | null): string {
  const length = bits === null ? '' : ` (${bits} bits)`;
  return iteration === null ? `record ${index}${length}` : `step ${iteration} of the chain${length}`;
}

function callPlace(error: KatErrorLine | null, fallbackIndex: number, fallbackBits: number | null) {
  return {
    index: error?.index ?? fallbackIndex,
    iteration: error?.iteration ?? null,
    messageBits: error?.messageBits ?? fallbackBits ?? 0,
  };
}

function overflowWhat(error: KatErrorLine | null): string {
  const buffer = error?.buffer ?? null;
  if (buffer === 'message-content') {
    return `changed the (const) message it was given${error?.offset === undefined ? '' : ` at byte ${error.offset}`}`;
  }
  if (buffer === null) return 'changed a guard byte of the digest or message buffer';
  const guard = error?.guardOffset === undefined ? 'a guard byte' : `guard byte ${error.guardOffset}`;
  return `wrote ${guard} ${error?.side ?? 'around'} the ${buffer} buffer`;
}

/** The CryptHash signature of the ICCS API header, as the driver calls it. */
const ICCS_SIGNATURE =
  'int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)';

export function interpretKatRun(facts: KatRunFacts): DriverKatOutcome {
  const parsed = parseDriverOutput(facts.stdout, facts.driverPath);
  const { meta, end, error } = parsed;
  if (meta !== null && meta.file !== facts.file) {
    throw new KatError(
      'DRIVER_PROTOCOL',
      `${facts.driverPath} answered with ${meta.file} when ${facts.file} was asked for. ${REBUILD_DRIVER}`,
    );
  }
  const records: DriverKatRecord[] = checkRecords(parsed.records, meta, facts);
  const next = records.length;
  const nextBits = meta === null ? null : facts.file === 'KAT_2_12' ? next : meta.messageBits;
  const total = meta === null ? '?' : String(meta.records);
  const said = error?.message ?? lastWords(facts.stderr);
  const limit = meta?.maxMemoryBytes ?? null;
  const memoryNote =
    limit === null
      ? ''
      : `; the driver limited its address space to ${limit} bytes, and a library that cannot get memory may fail this way`;
  const firstRecordNote =
    next === 0
      ? `; it failed on the first record, which is what a CryptHash with other arguments than the ICCS signature does: check that the library defines ${ICCS_SIGNATURE} (arguments in this order, lengths in bits)`
      : memoryNote;
  const stray =
    parsed.strayLines > 0
      ? ` (${parsed.strayLines} non-protocol line${parsed.strayLines === 1 ? '' : 's'} on stdout)`
      : '';

  if (facts.timedOut) {
    const loop = facts.file === 'KAT_Loop' ? ' (the whole chain runs inside one record)' : '';
    return {
      status: 'TIMEOUT',
      records,
      timeoutSeconds: facts.timeoutSeconds,
      detail: `no answer within ${facts.timeoutSeconds} s; killed after ${next} of ${total} records${loop}`,
    };
  }
  if (facts.signal !== null) {
    return {
      status: 'CRASH',
      records,
      signal: facts.signal,
      exitCode: null,
      index: next,
      messageBits: nextBits,
      detail: `killed by ${facts.signal} while producing ${placeText(next, null, nextBits)}${firstRecordNote}: ${said}`,
    };
  }
  switch (facts.exitCode) {
    case 0:
      if (meta !== null && end !== null && end.count === records.length && meta.records === records.length) {
        return {
          status: 'ok',
          run: {
            records,
            seedHex: meta.seedHex,
            repeat: meta.repeat,
            cryptHashCalls: end.cryptHashCalls,
            cryptHashSeconds: end.cryptHashSeconds,
            drbgSeconds: end.drbgSeconds,
            maxMemoryBytes: meta.maxMemoryBytes,
            peakRssBytes: end.peakRssBytes,
            testSizes: meta.testSizes,
          },
        };
      }
      return {
        status: 'CRASH',
        records,
        signal: null,
        exitCode: 0,
        index: next,
        messageBits: nextBits,
        detail: `exited with code 0 after ${next} of ${total} records without an end line (did the library call exit()?)${stray}`,
      };
    case 3: {
      const place = callPlace(error, next, nextBits);
      const returnCode = error?.returnCode ?? null;
      return {
        status: 'CRYPTOFAIL',
        records,
        ...place,
        returnCode,
        detail: `CryptHash returned ${returnCode ?? 'non-zero'} for ${placeText(place.index, place.iteration, place.messageBits)}${memoryNote}: ${said}`,
      };
    }
    case 4: {
      const place = callPlace(error, next, nextBits);
      return {
        status: 'OVERFLOW',
        records,
        ...place,
        buffer: error?.buffer ?? null,
        detail: `CryptHash ${overflowWhat(error)} on ${placeText(place.index, place.iteration, place.messageBits)}: ${said}`,
      };
    }
    case 9: {
      const place = callPlace(error, next, nextBits);
      const firstHex = error?.firstHex ?? '';
      const secondHex = error?.secondHex ?? '';
      return {
        status: 'NONDETERMINISTIC',
        records,
        ...place,
        firstHex,
        secondHex,
        detail: `CryptHash is not deterministic: two calls on ${placeText(place.index, place.iteration, place.messageBits)} gave ${shortHex(firstHex)} and ${shortHex(secondHex)}`,
      };
    }
    case 5:
      return { status: 'LOADFAIL', records, detail: `could not load ${facts.library}: ${said}` };
    case 2:
    case 8:
      throw new KatError(
        'DRIVER_FAILED',
        `${facts.driverPath} kat ${facts.library} ${facts.file} failed with exit code ${facts.exitCode} (${facts.exitCode === 2 ? 'USAGE' : 'IO'}): ${said}. Check the arguments, the memory limit (maxMemoryBytes) and free memory; rebuild native/ with \`npm run build\` if the driver is stale.`,
      );
    default:
      return {
        status: 'CRASH',
        records,
        signal: null,
        exitCode: facts.exitCode,
        index: next,
        messageBits: nextBits,
        detail: `exited with undocumented code ${String(facts.exitCode)} while producing ${placeText(next, null, nextBits)}${stray}: ${said}`,
      };
  }
}
