import { KatError } from './kat-error.js';
import { createNgccDrng, ngccKatSeed } from './ngcc-drng.js';

/**
 * A generated KAT file kind (the ICCS KAT rules "Message schedule"): `KAT_2_12` (L = 0…4096 bits),
 * `KAT_2_23` (three 2^23-bit messages), and the opt-in `KAT_2_33` (three 2^33-bit = 1 GiB
 * messages) and `KAT_Loop` (10^6 chained hashes of an 8192-bit message).
 */
export type KatFileKind = 'KAT_2_12' | 'KAT_2_23' | 'KAT_2_33' | 'KAT_Loop';

/**
 * The default KAT gate: `KAT_2_12` and `KAT_2_23` (what the anchor's PASS covers; the ICCS KAT rules).
 *
 * @example
 * ```ts
 * await runKat({ ...options, files: [...DEFAULT_KAT_FILES, 'KAT_2_33'] }); // opt in to the 1 GiB messages
 * ```
 */
export const DEFAULT_KAT_FILES: readonly KatFileKind[] = Object.freeze(['KAT_2_12', 'KAT_2_23'] as const);

/**
 * Every hash KAT file of the ICCS KAT rules, in the order the official generator writes them:
 * `KAT_2_12`, `KAT_2_23`, `KAT_2_33`, `KAT_Loop` (what `ngcc-perf kat --full` runs).
 *
 * @example
 * ```ts
 * await runKat({ ...options, files: ALL_KAT_FILES }); // about 3 GiB hashed plus 10^6 loop steps
 * ```
 */
export const ALL_KAT_FILES: readonly KatFileKind[] = Object.freeze([
  'KAT_2_12',
  'KAT_2_23',
  'KAT_2_33',
  'KAT_Loop',
] as const);

/** One message of a KAT file, in file order. */
export interface KatMessage {
  /** 0-based position in the file. */
  index: number;
  /** Message length in bits (CryptHash's msg_len_bits). */
  bits: number;
  /**
   * The ⌈bits/8⌉ message bytes; a partial last byte holds its bits in the high-order
   * positions, the rest cleared. For `KAT_2_23`/`KAT_2_33` one buffer is reused: the bytes are
   * only valid until the next message is requested.
   */
  bytes: Uint8Array;
  /** The 64-byte DRNG seed for a random `KAT_2_23`/`KAT_2_33` message (its `Msg_Seed`), else null. */
  seed: Uint8Array | null;
}

const LARGE_MESSAGE_BITS: Record<'KAT_2_23' | 'KAT_2_33', number> = {
  KAT_2_23: 2 ** 23,
  KAT_2_33: 2 ** 33,
};

/**
 * Largest message length of `KAT_2_12`, in bits (the file has L = 0 … 4096).
 *
 * @example
 * ```ts
 * const records = KAT_2_12_MAX_BITS + 1; // 4097
 * ```
 */
export const KAT_2_12_MAX_BITS = 4096;

/**
 * The KAT_Loop schedule (the ICCS KAT rules; ICCS `KAT_CryptHash.c` `gen_KAT_Loop`): an 8192-bit message m
 * from the DRNG, dig = H(m), then `iterations` times: rotate m left by d/8 bytes, XOR dig into
 * its first d/8 bytes, dig = H(m). The record holds the initial m and the final dig.
 *
 * @example
 * ```ts
 * KAT_LOOP.messageBits / 8; // 1024 bytes
 * ```
 */
export const KAT_LOOP = Object.freeze({ messageBits: 8192, iterations: 1_000_000 });

/**
 * The KAT file name for an instance: `<kind>_<instance>.txt`, e.g. `KAT_2_12_sm3.txt`.
 *
 * @param kind - the file kind
 * @param instance - the instance name
 * @returns the file name
 * @example
 * ```ts
 * katFileName('KAT_2_23', 'litchi_512'); // 'KAT_2_23_litchi_512.txt'
 * ```
 */
export function katFileName(kind: KatFileKind, instance: string): string {
  return `${kind}_${instance}.txt`;
}

function* smallMessages(): Generator<KatMessage> {
  const drng = createNgccDrng(ngccKatSeed('KAT_2_12'));
  for (let bits = 0; bits <= KAT_2_12_MAX_BITS; bits += 1) {
    const bytes = new Uint8Array(Math.ceil(bits / 8));
    drng.generateInto(bytes, bits);
    yield { index: bits, bits, bytes, seed: null };
  }
}

function* largeMessages(kind: 'KAT_2_23' | 'KAT_2_33'): Generator<KatMessage> {
  const bits = LARGE_MESSAGE_BITS[kind];
  const seed = ngccKatSeed(kind);
  const drng = createNgccDrng(seed);
  const bytes = new Uint8Array(bits / 8);
  yield { index: 0, bits, bytes, seed: null };
  bytes.fill(0xff);
  yield { index: 1, bits, bytes, seed: null };
  drng.generateInto(bytes, bits);
  yield { index: 2, bits, bytes, seed };
}

function* loopMessage(): Generator<KatMessage> {
  const drng = createNgccDrng(ngccKatSeed('KAT_Loop'));
  yield { index: 0, bits: KAT_LOOP.messageBits, bytes: drng.generate(KAT_LOOP.messageBits), seed: null };
}

/**
 * The messages of one KAT file, generated lazily in file order (the ICCS KAT rules "Message schedule";
 * the ICCS `KAT_CryptHash.c` schedule). The DRNG is seeded once per file with the first 8
 * characters of the file name repeated 8 times.
 * - `KAT_2_12`: for L = 0, 1, …, 4096, L bits drawn from the DRNG (a draw of 0 bits still
 *   advances it).
 * - `KAT_2_23` / `KAT_2_33`: 2^23 / 2^33 bits of 0x00, then of 0xFF, then one DRNG draw.
 * - `KAT_Loop`: the initial 8192-bit message m only (the chain needs the hash; see {@link KAT_LOOP}).
 *
 * The driver generates the same messages in C (`ngcc-perf-driver kat`); this TypeScript twin is
 * the reference its output is checked against.
 *
 * @param kind - which file
 * @returns an iterable of 4097, 3 or 1 messages
 * @throws {KatError} `INVALID_ARGUMENT` for an unknown kind
 * @example
 * ```ts
 * for (const message of generateKatMessages('KAT_2_12')) {
 *   if (message.bits === 1) console.log(message.bytes); // Uint8Array [ 0x80 or 0x00 ]
 * }
 * ```
 */
export function generateKatMessages(kind: KatFileKind): Iterable<KatMessage> {
  if (kind === 'KAT_2_12') return smallMessages();
  if (kind === 'KAT_2_23' || kind === 'KAT_2_33') return largeMessages(kind);
  if (kind === 'KAT_Loop') return loopMessage();
  throw new KatError(
    'INVALID_ARGUMENT',
    `generateKatMessages: unknown KAT file kind ${JSON.stringify(kind)}; use KAT_2_12, KAT_2_23, KAT_2_33 or KAT_Loop.`,
  );
}
