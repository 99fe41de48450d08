import { XMLParser } from 'fast-xml-parser';
import { CtError } from './ct-error.js';

/** One stack frame of a memcheck report. */
export interface MemcheckFrame {
  /** The object (library or program) the instruction belongs to, or null. */
  obj: string | null;
  fn: string | null;
  file: string | null;
  line: number | null;
}

/** One distinct memcheck report (valgrind merges repeats of the same stack into it). */
export interface MemcheckError {
  /** Memcheck's kind, e.g. `UninitCondition`, `UninitValue`, `SyscallParam`. */
  kind: string;
  /** Memcheck's sentence, e.g. `Conditional jump or move depends on uninitialised value(s)`. */
  what: string;
  stack: MemcheckFrame[];
  /** How many times it fired (the `errorcounts` pair), at least 1. */
  occurrences: number;
  /** Index of the `ngcc-ct call` marker it followed (the call that first raised it), or null before any. */
  callIndex: number | null;
}

/** What {@link parseMemcheckXml} returns. */
export interface MemcheckReport {
  errors: MemcheckError[];
  /** Valgrind's fatal-signal report of the process, when it died of a signal. */
  fatalSignal: string | null;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: true, parseTagValue: false, trimValues: true });

function tagOf(node: Node): string {
  return Object.keys(node).find((key) => key !== ':@') ?? '';
}

function childrenOf(node: Node): Node[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as Node[]) : [];
}

function textOf(nodes: Node[], tag: string): string | null {
  const found = nodes.find((node) => tagOf(node) === tag);
  if (found === undefined) return null;
  const text = childrenOf(found).find((node) => tagOf(node) === '#text');
  return text === undefined ? '' : String(text['#text']);
}

function frameOf(frame: Node): MemcheckFrame {
  const fields = childrenOf(frame);
  const line = textOf(fields, 'line');
  return {
    obj: textOf(fields, 'obj'),
    fn: textOf(fields, 'fn'),
    file: textOf(fields, 'file'),
    line: line === null ? null : Number(line),
  };
}

const MARKER = /^ngcc-ct call (\d+) bits \d+/;

/**
 * Parses the XML report of `valgrind --tool=memcheck --xml=yes` (valgrind's XML protocol 4) written
 * during a `ct-taint` run, keeping the order of reports and the driver's `ngcc-ct call N` markers
 * (client messages) so that each report is tied to the call that first raised it.
 *
 * @param xml - the whole XML text (an unfinished document, from a process that was killed, is accepted
 *   as far as it goes)
 * @throws {CtError} `DRIVER_PROTOCOL` when the text is not a valgrind XML report
 * @example
 * ```ts
 * const { errors } = parseMemcheckXml(readFileSync('memcheck.xml', 'utf8'));
 * ```
 */
export function parseMemcheckXml(xml: string): MemcheckReport {
  const start = xml.indexOf('<valgrindoutput>');
  if (start < 0) {
    throw new CtError(
      'DRIVER_PROTOCOL',
      'valgrind wrote no <valgrindoutput> document: check that valgrind runs with --xml=yes',
    );
  }
  const body = xml.includes('</valgrindoutput>')
    ? xml.slice(start)
    : `${xml.slice(start, lastCompleteElementEnd(xml, start))}</valgrindoutput>`;
  let top: Node[];
  try {
    top = parser.parse(body) as Node[];
  } catch (error) {
    throw new CtError('DRIVER_PROTOCOL', `valgrind's XML report does not parse: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const root = top.find((node) => tagOf(node) === 'valgrindoutput');
  const errors: MemcheckError[] = [];
  const byUnique = new Map<string, MemcheckError>();
  let callIndex: number | null = null;
  let fatalSignal: string | null = null;
  for (const node of root === undefined ? [] : childrenOf(root)) {
    const tag = tagOf(node);
    const fields = childrenOf(node);
    if (tag === 'clientmsg') {
      const match = MARKER.exec(textOf(fields, 'text') ?? '');
      if (match !== null) callIndex = Number(match[1]);
    } else if (tag === 'error') {
      const stack = fields.find((field) => tagOf(field) === 'stack');
      const error: MemcheckError = {
        kind: textOf(fields, 'kind') ?? '',
        what:
          textOf(fields, 'what') ??
          textOf(childrenOf(fields.find((field) => tagOf(field) === 'xwhat') ?? {}), 'text') ??
          '',
        stack:
          stack === undefined
            ? []
            : childrenOf(stack)
                .filter((frame) => tagOf(frame) === 'frame')
                .map(frameOf),
        occurrences: 1,
        callIndex,
      };
      errors.push(error);
      byUnique.set(textOf(fields, 'unique') ?? String(errors.length), error);
    } else if (tag === 'errorcounts') {
      for (const pair of fields) {
        const pairFields = childrenOf(pair);
        const error = byUnique.get(textOf(pairFields, 'unique') ?? '');
        if (error !== undefined) error.occurrences = Number(textOf(pairFields, 'count') ?? '1');
      }
    } else if (tag === 'fatal_signal') {
      fatalSignal = textOf(fields, 'signame');
    }
  }
  return { errors, fatalSignal };
}

/** End of the last complete `</error>` or `</clientmsg>` in an unfinished document. */
function lastCompleteElementEnd(xml: string, start: number): number {
  const ends = ['</error>', '</clientmsg>', '</status>'].map((tag) => {
    const at = xml.lastIndexOf(tag);
    return at < start ? -1 : at + tag.length;
  });
  const best = Math.max(...ends);
  return best < 0 ? xml.indexOf('>', start) + 1 : best;
}
