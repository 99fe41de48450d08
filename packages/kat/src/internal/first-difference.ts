import { canonicalLines } from './canonical-lines.js';

/** The first line where two KAT texts differ after strict canonicalisation. */
export interface FirstDifference {
  /** Line number in the actual (generated) text; 0 when it ended first. */
  actualLine: number;
  /** Line number in the expected (submitted) text; 0 when it ended first. */
  expectedLine: number;
  actual: string;
  expected: string;
}

export const END_OF_FILE = '<end of file>';

/** Walks both canonical forms (strict) together; returns null when they are identical. */
export function findFirstDifference(actual: string, expected: string): FirstDifference | null {
  const ours = canonicalLines(actual, { mode: 'strict' });
  const theirs = canonicalLines(expected, { mode: 'strict' });
  for (;;) {
    const a = ours.next();
    const e = theirs.next();
    if (a.done === true && e.done === true) return null;
    const actualText = a.done === true ? END_OF_FILE : a.value.text;
    const expectedText = e.done === true ? END_OF_FILE : e.value.text;
    if (a.done === true || e.done === true || actualText !== expectedText) {
      return {
        actualLine: a.done === true ? 0 : a.value.lineNumber,
        expectedLine: e.done === true ? 0 : e.value.lineNumber,
        actual: actualText,
        expected: expectedText,
      };
    }
  }
}
