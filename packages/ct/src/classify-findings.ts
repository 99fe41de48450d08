import path from 'node:path';
import type { CtFinding, CtFindingKind } from './ct-result.js';
import type { MemcheckError, MemcheckFrame } from './parse-memcheck-xml.js';

const KIND_BY_MEMCHECK: Readonly<Record<string, CtFindingKind>> = {
  UninitCondition: 'branch',
  UninitValue: 'memory-index',
};

/**
 * The frame a finding is attributed to: the innermost one in the library under test (`libraryPath`
 * compared by real path or by file name), else the innermost one with a source line, else the first.
 */
function chooseFrame(stack: MemcheckFrame[], libraryPath: string): MemcheckFrame | undefined {
  const base = path.basename(libraryPath);
  const inLibrary = stack.find(
    (frame) => frame.obj !== null && (frame.obj === libraryPath || path.basename(frame.obj) === base),
  );
  return inLibrary ?? stack.find((frame) => frame.line !== null) ?? stack[0];
}

/**
 * Turns memcheck reports of a `ct-taint` run into findings. Only reports raised inside a CryptHash
 * call (after the first `ngcc-ct call` marker) of kind `UninitCondition` (→ `branch`) or `UninitValue`
 * (→ `memory-index`) count: the message is the only undefined data, so they are exactly the uses of
 * message-derived values memcheck checks. Reports at the same kind, function, file and line (reached
 * through different stacks) are merged: occurrences add up, the first call is the earliest.
 *
 * @param errors - from {@link parseMemcheckXml}
 * @param libraryPath - the audited library (its real path, as valgrind names objects)
 * @param callBits - message length in bits of each call, by call index
 * @returns findings ordered by file, line and kind
 */
export function classifyFindings(
  errors: readonly MemcheckError[],
  libraryPath: string,
  callBits: readonly number[],
): CtFinding[] {
  const merged = new Map<string, CtFinding>();
  for (const error of errors) {
    const kind = KIND_BY_MEMCHECK[error.kind];
    if (kind === undefined || error.callIndex === null) continue;
    const frame = chooseFrame(error.stack, libraryPath);
    const finding: CtFinding = {
      kind,
      function: frame?.fn ?? '??',
      file: frame?.file ?? null,
      line: frame?.line ?? null,
      source: 'memcheck',
      firstMessageBits: callBits[error.callIndex] ?? null,
      occurrences: error.occurrences,
    };
    const key = `${finding.kind}\u0000${finding.function}\u0000${finding.file}\u0000${finding.line}`;
    const seen = merged.get(key);
    if (seen === undefined) {
      merged.set(key, finding);
    } else {
      seen.occurrences = (seen.occurrences ?? 0) + error.occurrences;
    }
  }
  return sortFindings([...merged.values()]);
}

/** Orders findings by file, line, kind and function (stable output for tests and pages). */
export function sortFindings(findings: CtFinding[]): CtFinding[] {
  return findings.sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.kind.localeCompare(b.kind) ||
      a.function.localeCompare(b.function),
  );
}
