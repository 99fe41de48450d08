import type { DriverKatRecord } from './driver-runner.js';
import { KatError } from './kat-error.js';
import type { KatFileKind } from './kat-messages.js';
import { formatKatRecords } from './kat-records.js';

function messageLines(kind: KatFileKind, record: DriverKatRecord, seedHex: string): string {
  if (kind === 'KAT_2_12' || kind === 'KAT_Loop') {
    if (record.msgHex === undefined) {
      throw new KatError(
        'INVALID_ARGUMENT',
        `formatKatFile: ${kind} record ${record.index} has no msgHex; every ${kind} record carries its whole message.`,
      );
    }
    return `Msg_Len = ${record.bits}\nMsg = ${record.msgHex.toUpperCase()}\n`;
  }
  if (record.headHex === undefined || record.tailHex === undefined) {
    throw new KatError(
      'INVALID_ARGUMENT',
      `formatKatFile: ${kind} record ${record.index} needs headHex and tailHex (the first and last 8 message bytes).`,
    );
  }
  const seed = record.seeded === true ? seedHex.toUpperCase() : '';
  return `Msg_Len = ${record.bits}\nMsg_Seed = ${seed}\nMsg_Exp = ${record.headHex.toUpperCase()} .... ${record.tailHex.toUpperCase()}\n`;
}

/**
 * The text of one KAT file from the records `ngcc-perf-driver kat` produced, byte-exact as ICCS
 * `KAT_CryptHash.c` writes it (the ICCS KAT rules): per record `Msg_Len`, then `Msg` (`KAT_2_12`; the
 * initial message for `KAT_Loop`) or `Msg_Seed` (the seed on the DRNG message only) and
 * `Msg_Exp` (`KAT_2_23`/`KAT_2_33`), then `Dst_Len`, `Dst` and a blank line; upper-case hex,
 * LF line ends.
 *
 * @param kind - the file kind
 * @param records - the records in file order
 * @param digestBits - the digest length in bits (`Dst_Len`)
 * @param seedHex - the file's 64-byte DRNG seed in hex (written as `Msg_Seed` of the random message)
 * @returns the file text
 * @throws {KatError} `INVALID_ARGUMENT` when a record lacks the fields its kind needs or a digest has the wrong length
 * @example
 * ```ts
 * formatKatFile('KAT_Loop', [{ index: 0, bits: 8192, msgHex: m, iterations: 1000000, dstHex: d }], 512, seedHex);
 * // 'Msg_Len = 8192\nMsg = <m>\nDst_Len = 512\nDst = <d>\n\n'
 * ```
 */
export function formatKatFile(
  kind: KatFileKind,
  records: readonly DriverKatRecord[],
  digestBits: number,
  seedHex: string,
): string {
  return formatKatRecords(
    records.map((record) => messageLines(kind, record, seedHex)),
    records.map((record) => record.dstHex),
    digestBits,
  );
}
