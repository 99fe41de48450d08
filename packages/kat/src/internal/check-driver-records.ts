// Checks that the records of one `ngcc-perf-driver kat` run fit the file that was asked for
// (@ngcc-perf/native/PROTOCOL.md): a stale or broken driver is a DRIVER_PROTOCOL error, never a verdict.
import type { DriverKatRecord } from '../driver-runner.js';
import { KatError } from '../kat-error.js';
import type { KatFileKind } from '../kat-messages.js';
import type { KatMetaLine, KatRecordLine } from './driver-lines.js';

interface RecordContext {
  driverPath: string;
  digestBits: number;
  file: KatFileKind;
}

function wrongRecord(context: RecordContext, index: number, problem: string): never {
  throw new KatError(
    'DRIVER_PROTOCOL',
    `${context.driverPath}: ${context.file} record ${index} ${problem}. Rebuild native/ with \`npm run build\` at the repository root.`,
  );
}

function checkOne(line: KatRecordLine, position: number, meta: KatMetaLine, context: RecordContext): string | null {
  if (line.index !== position) return `has index ${line.index}, expected ${position}`;
  if (line.dstHex.length * 4 !== context.digestBits)
    return `has a ${line.dstHex.length}-digit digest, expected ${context.digestBits / 4}`;
  if (context.file === 'KAT_2_12') {
    if (line.bits !== position) return `has ${line.bits} bits, expected ${position}`;
    if (line.msgHex?.length !== 2 * Math.ceil(position / 8)) return 'lacks its message or has the wrong length';
    return null;
  }
  if (line.bits !== meta.messageBits) return `has ${line.bits} bits, expected ${meta.messageBits}`;
  if (context.file === 'KAT_Loop') {
    if (line.msgHex?.length !== meta.messageBits / 4) return 'lacks its 8192-bit message';
    if (line.iterations !== meta.iterations)
      return `reports ${String(line.iterations)} steps, expected ${String(meta.iterations)}`;
    return null;
  }
  if (line.headHex === undefined || line.tailHex === undefined || line.seeded !== (position === 2))
    return 'lacks Msg_Exp or Msg_Seed facts';
  const constant = position === 0 ? '0'.repeat(16) : position === 1 ? 'F'.repeat(16) : null;
  if (constant !== null && (line.headHex !== constant || line.tailHex !== constant))
    return `is not the all-${position === 0 ? '0x00' : '0xFF'} message`;
  return null;
}

/** Validates the record lines against the meta line and returns them as DriverKatRecords. */
export function checkRecords(
  lines: readonly KatRecordLine[],
  meta: KatMetaLine | null,
  context: RecordContext,
): DriverKatRecord[] {
  if (lines.length > 0 && meta === null) wrongRecord(context, 0, 'came without a kat-meta line');
  if (meta !== null && lines.length > meta.records)
    wrongRecord(context, meta.records, `is one more than the ${meta.records} announced`);
  return lines.map((line, position) => {
    const problem = checkOne(line, position, meta as KatMetaLine, context);
    if (problem !== null) wrongRecord(context, position, problem);
    const record: DriverKatRecord = { index: line.index, bits: line.bits, dstHex: line.dstHex };
    if (line.msgHex !== undefined) record.msgHex = line.msgHex;
    if (line.headHex !== undefined) record.headHex = line.headHex;
    if (line.tailHex !== undefined) record.tailHex = line.tailHex;
    if (line.seeded !== undefined) record.seeded = line.seeded;
    if (line.iterations !== undefined) record.iterations = line.iterations;
    return record;
  });
}
