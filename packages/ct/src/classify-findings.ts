import path from 'node:path';
import type { CtFinding, CtFindingKind, CtSourcePlace } from './ct-result.js';
import type { MemcheckError, MemcheckFrame } from './parse-memcheck-xml.js';

const KIND_BY_MEMCHECK: Readonly<Record<string, CtFindingKind>> = {
  UninitCondition: 'branch',
  UninitValue: 'memory-index',
};

function inLibrary(frame: MemcheckFrame, libraryPath: string): boolean {
  return frame.obj !== null && (frame.obj === libraryPath || path.basename(frame.obj) === path.basename(libraryPath));
}

function placeOf(frame: MemcheckFrame | undefined): CtSourcePlace {
  return { function: frame?.fn ?? '??', file: frame?.file ?? null, line: frame?.line ?? null };
}

/**
 * The frames a finding is attributed to. The place: the innermost frame in the library under test
 * (`libraryPath` compared by real path or by file name), else the innermost one with a source line,
 * else the first. The origin: the frame right after the place when it is in the library too (the
 * caller whose call passed the secret down), else the place itself.
 */
function chooseFrames(
  stack: MemcheckFrame[],
  libraryPath: string,
): { place: MemcheckFrame | undefined; origin: MemcheckFrame | undefined; library: MemcheckFrame[] } {
  const library = stack.filter((frame) => inLibrary(frame, libraryPath));
  const at = stack.findIndex((frame) => inLibrary(frame, libraryPath));
  if (at < 0) {
    const place = stack.find((frame) => frame.line !== null) ?? stack[0];
    return { place, origin: place, library };
  }
  const place = stack[at];
  const caller = stack[at + 1];
  return { place, origin: caller !== undefined && inLibrary(caller, libraryPath) ? caller : place, library };
}

const placeKey = (place: CtSourcePlace | null): string =>
  place === null ? '' : `${place.function}\u0000${place.file}\u0000${place.line}`;

/**
 * Turns memcheck reports of a `ct-taint` run into findings. Only reports raised inside a CryptHash
 * call (after the first `ngcc-ct call` marker) of kind `UninitCondition` (→ `branch`) or `UninitValue`
 * (→ `memory-index`) count: the message is the only undefined data, so they are exactly the uses of
 * message-derived values memcheck checks. Each finding names the load or jump and its origin (the
 * caller in the library's own code that passed the secret down, see {@link CtFinding.origin}) and
 * keeps the library frames of its first report. Reports with the same kind, place and origin
 * (reached through different stacks) are merged: occurrences add up, the first call is the earliest.
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
    const frames = chooseFrames(error.stack, libraryPath);
    const finding: CtFinding = {
      kind,
      ...placeOf(frames.place),
      source: 'memcheck',
      firstMessageBits: callBits[error.callIndex] ?? null,
      occurrences: error.occurrences,
      origin: placeOf(frames.origin),
      libraryFrames: frames.library.map(placeOf),
    };
    const key = `${finding.kind}\u0000${placeKey(finding)}\u0000${placeKey(finding.origin)}`;
    const seen = merged.get(key);
    if (seen === undefined) {
      merged.set(key, finding);
    } else {
      seen.occurrences = (seen.occurrences ?? 0) + error.occurrences;
    }
  }
  return sortFindings([...merged.values()]);
}

/** Orders findings by file, line, kind, function and origin line (stable output for tests and pages). */
export function sortFindings(findings: CtFinding[]): CtFinding[] {
  return findings.sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.kind.localeCompare(b.kind) ||
      a.function.localeCompare(b.function) ||
      (a.origin?.line ?? 0) - (b.origin?.line ?? 0),
  );
}
