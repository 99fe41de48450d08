import { KatError } from './kat-error.js';
import type { KatFileKind, KatMessage } from './kat-messages.js';

function upperHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex').toUpperCase();
}

/**
 * The message lines of one KAT record, byte-exact as ICCS `KAT_CryptHash.c` writes them
 * (the ICCS KAT rules "Message schedule"):
 * - `KAT_2_12` and `KAT_Loop` (its initial message): `Msg_Len = L\nMsg = <HEX>\n` (upper-case;
 *   `Msg = ` followed directly by `\n` for L = 0);
 * - `KAT_2_23` / `KAT_2_33`: `Msg_Len = L\nMsg_Seed = <seed HEX or nothing>\nMsg_Exp = <first 8 bytes> .... <last 8 bytes>\n`.
 * Call it before asking for the next message (large messages share one buffer).
 *
 * @param kind - the file the message belongs to
 * @param message - the message
 * @returns the lines, each ending in `\n`
 * @example
 * ```ts
 * describeKatMessage('KAT_2_12', { index: 1, bits: 1, bytes: Uint8Array.of(0x80), seed: null });
 * // 'Msg_Len = 1\nMsg = 80\n'
 * ```
 */
export function describeKatMessage(kind: KatFileKind, message: KatMessage): string {
  if (kind === 'KAT_2_12' || kind === 'KAT_Loop')
    return `Msg_Len = ${message.bits}\nMsg = ${upperHex(message.bytes)}\n`;
  const { bytes } = message;
  const seed = message.seed === null ? '' : upperHex(message.seed);
  const head = upperHex(bytes.subarray(0, 8));
  const tail = upperHex(bytes.subarray(bytes.length - 8));
  return `Msg_Len = ${message.bits}\nMsg_Seed = ${seed}\nMsg_Exp = ${head} .... ${tail}\n`;
}

/**
 * Joins message lines and digests into the text of a KAT file: after each message's lines,
 * `Dst_Len = <digestBits>\nDst = <HEX>\n` and a blank line (the ICCS KAT rules).
 *
 * @param messageLines - one {@link describeKatMessage} string per message, in order
 * @param digestsHex - one digest per message, hex (written upper-case), digestBits/4 digits each
 * @param digestBits - the digest length in bits (`Dst_Len`)
 * @returns the file text
 * @throws {KatError} `INVALID_ARGUMENT` when the counts differ or a digest has the wrong length
 * @example
 * ```ts
 * formatKatRecords(['Msg_Len = 0\nMsg = \n'], ['1AB21D8355CFA17F8E61194831E81A8F22BEC8C728FEFB747ED035EB5082AA2B'], 256);
 * // 'Msg_Len = 0\nMsg = \nDst_Len = 256\nDst = 1AB2…AA2B\n\n'
 * ```
 */
export function formatKatRecords(
  messageLines: readonly string[],
  digestsHex: readonly string[],
  digestBits: number,
): string {
  if (messageLines.length !== digestsHex.length) {
    throw new KatError(
      'INVALID_ARGUMENT',
      `formatKatRecords: ${messageLines.length} messages but ${digestsHex.length} digests; pass one digest per message.`,
    );
  }
  const parts: string[] = [];
  for (let i = 0; i < messageLines.length; i += 1) {
    const digest = digestsHex[i] as string;
    if (digest.length * 4 !== digestBits) {
      throw new KatError(
        'INVALID_ARGUMENT',
        `formatKatRecords: digest ${i} has ${digest.length} hex digits, expected ${digestBits / 4} for ${digestBits} bits.`,
      );
    }
    parts.push(messageLines[i] as string, `Dst_Len = ${digestBits}\nDst = ${digest.toUpperCase()}\n\n`);
  }
  return parts.join('');
}
