// A DriverRunner that answers like `ngcc-perf-driver kat` would for the messages of
// generateKatMessages (the TypeScript DRNG) and digests chosen by the test: so runKat's
// formatting, judging and logging can be tested without C code.
import type { DriverKatOptions, DriverKatOutcome, DriverKatRecord, DriverRunner } from '../../src/driver-runner.js';
import { generateKatMessages, KAT_LOOP, type KatFileKind } from '../../src/kat-messages.js';
import { ngccKatSeed } from '../../src/ngcc-drng.js';

const hex = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex').toUpperCase();

/** The records of a file for the given digests (one per message; KAT_Loop: the final digest). */
export function recordsFor(kind: KatFileKind, digests: readonly string[]): DriverKatRecord[] {
  const records: DriverKatRecord[] = [];
  for (const message of generateKatMessages(kind)) {
    const dstHex = digests[message.index] as string;
    if (kind === 'KAT_2_12')
      records.push({ index: message.index, bits: message.bits, msgHex: hex(message.bytes), dstHex });
    else if (kind === 'KAT_Loop')
      records.push({
        index: 0,
        bits: message.bits,
        msgHex: hex(message.bytes),
        iterations: KAT_LOOP.iterations,
        dstHex,
      });
    else {
      const { bytes } = message;
      records.push({
        index: message.index,
        bits: message.bits,
        seeded: message.seed !== null,
        headHex: hex(bytes.subarray(0, 8)),
        tailHex: hex(bytes.subarray(bytes.length - 8)),
        dstHex,
      });
    }
  }
  return records;
}

/** A complete run of one file. */
export function okOutcome(kind: KatFileKind, digests: readonly string[]): DriverKatOutcome {
  return {
    status: 'ok',
    run: {
      records: recordsFor(kind, digests),
      seedHex: hex(ngccKatSeed(kind)),
      repeat: kind === 'KAT_2_33' ? 'none' : kind === 'KAT_Loop' ? 'ends' : 'all',
      cryptHashCalls: 2 * digests.length,
      cryptHashSeconds: 0.001,
      drbgSeconds: 0.0005,
      maxMemoryBytes: 2 ** 31,
      peakRssBytes: 1 << 21,
      testSizes: false,
    },
  };
}

export interface FakeCall {
  library: string;
  digestBits: number;
  file: KatFileKind;
  options: DriverKatOptions;
}

/** A runner that answers each file with `answer(file)`; it records every call. */
export function fakeRunner(answer: (file: KatFileKind) => DriverKatOutcome): DriverRunner & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  return {
    calls,
    async kat(library, digestBits, file, options) {
      calls.push({ library, digestBits, file, options });
      return answer(file);
    },
  };
}
