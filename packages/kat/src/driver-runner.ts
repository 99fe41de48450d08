/** One message for the driver's `hash` mode: a bit length and its ⌈bits/8⌉ bytes (native/PROTOCOL.md). */
export interface DriverMessage {
  /** Message length in bits. */
  bits: number;
  /** ⌈bits/8⌉ bytes; a partial last byte uses its high-order bits. */
  bytes: Uint8Array;
}

/** Options of {@link DriverRunner.hash}. */
export interface DriverHashOptions {
  /** Kill the driver after this many seconds (then the outcome is `TIMEOUT`). */
  timeoutSeconds: number;
}

/** Fields every failed outcome has: the digests received before the failure and a one-line explanation. */
interface FailedOutcomeBase {
  /** Digests (upper-case hex) of the messages hashed before the failure, in order. */
  digestsHex: string[];
  /** One line saying what happened, for logs and `katDetail`. */
  detail: string;
}

/**
 * What one `ngcc-perf-driver hash` process produced. Every misbehaviour of the library is an
 * outcome, never an exception. `index`/`messageBits` name the message being hashed.
 */
export type DriverHashOutcome =
  | { status: 'ok'; digestsHex: string[] }
  | (FailedOutcomeBase & { status: 'CRYPTOFAIL'; index: number; messageBits: number; returnCode: number | null })
  | (FailedOutcomeBase & { status: 'OVERFLOW'; index: number; messageBits: number; buffer: 'digest' | 'message' | 'message-content' | null })
  | (FailedOutcomeBase & { status: 'LOADFAIL' })
  | (FailedOutcomeBase & { status: 'TIMEOUT'; timeoutSeconds: number })
  | (FailedOutcomeBase & {
      status: 'CRASH';
      /** Signal name (`SIGSEGV`), or null when the process exited with an undocumented code instead. */
      signal: string | null;
      /** Exit code when no signal killed it, else null. */
      exitCode: number | null;
      index: number;
      messageBits: number | null;
    });

/**
 * Runs a library's `CryptHash` on messages in a separate process. The default implementation
 * spawns `ngcc-perf-driver hash LIB DIGEST_BITS` (native/PROTOCOL.md); tests inject a fake.
 *
 * @example
 * ```ts
 * const fake: DriverRunner = {
 *   async hash(_library, digestBits, messages) {
 *     return { status: 'ok', digestsHex: [...messages].map(() => '00'.repeat(digestBits / 8)) };
 *   },
 * };
 * await runKat({ library: 'libx.so', digestBits: 256, name: 'x', candidateId: 'example-x', runner: fake });
 * ```
 */
export interface DriverRunner {
  /**
   * Hashes every message with `CryptHash(digestBits, …)` and returns the digests, or the
   * failure that stopped the run. The runner must finish reading a message's bytes before it
   * asks the iterable for the next one (large messages share a buffer).
   *
   * @param library - path of the shared library exporting `CryptHash`
   * @param digestBits - digest length in bits
   * @param messages - the messages, in order
   * @param options - timeout
   * @throws {KatError} `DRIVER_NOT_FOUND`, `DRIVER_VERSION`, `DRIVER_PROTOCOL`, `DRIVER_FAILED`
   *   when the driver itself (not the library) fails
   */
  hash(
    library: string,
    digestBits: number,
    messages: Iterable<DriverMessage>,
    options: DriverHashOptions,
  ): Promise<DriverHashOutcome>;
}
