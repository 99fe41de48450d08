import type { KatFileKind } from './kat-messages.js';

/**
 * Smaller `KAT_2_23`/`KAT_2_33` messages or fewer `KAT_Loop` steps — **for tests only**: the files
 * then match no official manifest. Lets a test run the real 1 GiB / 10^6-step machinery in
 * milliseconds (driver options `--test-message-bits`, `--test-iterations`, @ngcc-perf/native/PROTOCOL.md).
 */
export interface KatTestSizes {
  /** Bits of each `KAT_2_23`/`KAT_2_33` message: a multiple of 8 from 64 to 2^36. */
  largeMessageBits?: number;
  /** `KAT_Loop` steps after the first hash: 0 to 10^9. */
  loopIterations?: number;
}

/** Options of {@link DriverRunner.kat}. */
export interface DriverKatOptions {
  /** Kill the driver after this many seconds (then the outcome is `TIMEOUT`). */
  timeoutSeconds: number;
  /** The driver's address-space limit (RLIMIT_AS) in bytes; 0 for none; omitted: the driver's default. */
  maxMemoryBytes?: number;
  /** Test-only sizes; see {@link KatTestSizes}. */
  testSizes?: KatTestSizes;
}

/**
 * One record the driver produced (a `kat-record` line, @ngcc-perf/native/PROTOCOL.md). Hex is upper-case.
 * `KAT_2_12`: `msgHex` is the whole message. `KAT_2_23`/`KAT_2_33`: `headHex`/`tailHex` are its
 * first and last 8 bytes and `seeded` says whether it came from the DRNG. `KAT_Loop`: `msgHex` is
 * the initial message and `iterations` the number of chained steps.
 */
export interface DriverKatRecord {
  index: number;
  /** Message length in bits. */
  bits: number;
  msgHex?: string;
  headHex?: string;
  tailHex?: string;
  seeded?: boolean;
  iterations?: number;
  /** The digest (for KAT_Loop: the final one). */
  dstHex: string;
}

/** What a complete `ngcc-perf-driver kat` run reported. */
export interface DriverKatRun {
  records: DriverKatRecord[];
  /** The DRNG seed, 64 bytes as upper-case hex (the file kind ×8). */
  seedHex: string;
  /** Which calls were made twice to catch a nondeterministic library. */
  repeat: 'all' | 'ends' | 'none';
  /** Number of CryptHash calls, repeats included. */
  cryptHashCalls: number;
  /** Seconds spent inside CryptHash, summed over the calls. */
  cryptHashSeconds: number;
  /** Seconds spent drawing DRNG output. */
  drbgSeconds: number;
  /** The address-space limit in force, in bytes, or null for none. */
  maxMemoryBytes: number | null;
  /** VmHWM of the driver at its end, in bytes, or null when unknown. */
  peakRssBytes: number | null;
  /** True when test-only sizes were used. */
  testSizes: boolean;
}

/** Fields every failed outcome has. */
interface FailedOutcomeBase {
  /** Records completed before the failure. */
  records: DriverKatRecord[];
  /** One line saying what happened, for logs and `katDetail`. */
  detail: string;
}

/** Where in the file a call failed: the record, the KAT_Loop step (null elsewhere) and the message length. */
interface FailedCallPlace {
  index: number;
  iteration: number | null;
  messageBits: number;
}

/**
 * What one `ngcc-perf-driver kat` process produced. Every misbehaviour of the library is an
 * outcome, never an exception.
 */
export type DriverKatOutcome =
  | { status: 'ok'; run: DriverKatRun }
  | (FailedOutcomeBase & FailedCallPlace & { status: 'CRYPTOFAIL'; returnCode: number | null })
  | (FailedOutcomeBase &
      FailedCallPlace & { status: 'OVERFLOW'; buffer: 'digest' | 'message' | 'message-content' | null })
  | (FailedOutcomeBase & FailedCallPlace & { status: 'NONDETERMINISTIC'; firstHex: string; secondHex: string })
  | (FailedOutcomeBase & { status: 'LOADFAIL' })
  | (FailedOutcomeBase & { status: 'TIMEOUT'; timeoutSeconds: number })
  | (FailedOutcomeBase & {
      status: 'CRASH';
      /** Signal name (`SIGSEGV`), or null when the process exited with an undocumented code instead. */
      signal: string | null;
      /** Exit code when no signal killed it, else null. */
      exitCode: number | null;
      /** The record being produced when it died. */
      index: number;
      /** Its message length in bits, when known. */
      messageBits: number | null;
    });

/**
 * Produces one KAT file's records by running the library's `CryptHash` in a separate process.
 * The default implementation spawns `ngcc-perf-driver kat LIB DIGEST_BITS FILE`
 * (@ngcc-perf/native/PROTOCOL.md), which generates the messages itself; tests inject a fake.
 *
 * @example
 * ```ts
 * const fake: DriverRunner = {
 *   async kat(_library, digestBits, file) {
 *     return { status: 'LOADFAIL', records: [], detail: `no ${file} today` };
 *   },
 * };
 * await runKat({ library: 'libx.so', digestBits: 256, name: 'x', candidateId: 'example-x', runner: fake });
 * ```
 */
export interface DriverRunner {
  /**
   * Runs one KAT file and returns its records, or the failure that stopped it.
   *
   * @param library - path of the shared library exporting `CryptHash`
   * @param digestBits - digest length in bits
   * @param file - which KAT file
   * @param options - timeout, memory limit, test-only sizes
   * @throws {KatError} `DRIVER_NOT_FOUND`, `DRIVER_VERSION`, `DRIVER_PROTOCOL`, `DRIVER_FAILED`
   *   when the driver itself (not the library) fails
   */
  kat(library: string, digestBits: number, file: KatFileKind, options: DriverKatOptions): Promise<DriverKatOutcome>;
}
