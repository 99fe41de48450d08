// Record-by-record comparison of a generated KAT file with a submitted one (no manifest entry).
import type { KatFileField, KatFileRecord } from '../parse-kat-file.js';

/** The first place where the submitted and the generated records disagree. */
export interface KatRecordDifference {
  /** 1-based record number. */
  record: number;
  /** The field that differs (the generated file's key), or `(record)` when one file has fewer records. */
  field: string;
  /** The submitted value (or `<key> = <value>` when the keys differ, `<end of file>` when it ended). */
  expected: string;
  /** The generated value, in the same form. */
  actual: string;
  /** Line in the submitted file (0 when it ended first). */
  expectedLine: number;
  /** Line in the generated file (0 when it ended first). */
  actualLine: number;
}

export const END_OF_FILE = '<end of file>';

/** Compares two values of one key: hex case-insensitively, a blank `_Len` in the submitted file matches anything. */
function sameValue(key: string, submitted: string, generated: string): boolean {
  if (key.endsWith('_Len') && submitted === '') return true;
  if (submitted === generated) return true;
  return /^(Msg|Dst|Msg_Seed|Msg_Exp)$/.test(key) && submitted.toUpperCase() === generated.toUpperCase();
}

function describe(field: KatFileField | undefined): string {
  return field === undefined ? END_OF_FILE : `${field.key} = ${field.value}`;
}

function compareRecord(record: number, submitted: KatFileRecord, generated: KatFileRecord): KatRecordDifference | null {
  const count = Math.max(submitted.fields.length, generated.fields.length);
  for (let i = 0; i < count; i += 1) {
    const theirs = submitted.fields[i];
    const ours = generated.fields[i];
    if (theirs !== undefined && ours !== undefined && theirs.key === ours.key) {
      if (sameValue(ours.key, theirs.value, ours.value)) continue;
      return {
        record,
        field: ours.key,
        expected: theirs.value,
        actual: ours.value,
        expectedLine: theirs.line,
        actualLine: ours.line,
      };
    }
    return {
      record,
      field: ours?.key ?? theirs?.key ?? '(record)',
      expected: describe(theirs),
      actual: describe(ours),
      expectedLine: theirs?.line ?? 0,
      actualLine: ours?.line ?? 0,
    };
  }
  return null;
}

/** Walks both files record by record; returns null when every record matches. */
export function compareKatRecords(
  submitted: readonly KatFileRecord[],
  generated: readonly KatFileRecord[],
): KatRecordDifference | null {
  const count = Math.max(submitted.length, generated.length);
  for (let i = 0; i < count; i += 1) {
    const theirs = submitted[i];
    const ours = generated[i];
    if (theirs === undefined || ours === undefined) {
      return {
        record: i + 1,
        field: '(record)',
        expected: theirs === undefined ? END_OF_FILE : describe(theirs.fields[0]),
        actual: ours === undefined ? END_OF_FILE : describe(ours.fields[0]),
        expectedLine: theirs?.line ?? 0,
        actualLine: ours?.line ?? 0,
      };
    }
    const difference = compareRecord(i + 1, theirs, ours);
    if (difference !== null) return difference;
  }
  return null;
}
