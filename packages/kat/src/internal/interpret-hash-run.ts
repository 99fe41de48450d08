// Turns what one `ngcc-perf-driver hash` process did (exit code or signal, stdout, stderr) into
// a DriverHashOutcome (native/PROTOCOL.md exit codes). Pure, so it is unit-tested without spawning.
import type { DriverHashOutcome } from '../driver-runner.js';
import { KatError } from '../kat-error.js';
import { parseDriverOutput } from './driver-lines.js';

/** The facts of one finished driver process. */
export interface HashRunFacts {
  driverPath: string;
  library: string;
  digestBits: number;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  timeoutSeconds: number;
  stdout: string;
  stderr: string;
  /** Bit length of every message sent, in order. */
  sentBits: number[];
}

function lastWords(stderr: string): string {
  const text = stderr.trim().split('\n').slice(-3).join(' / ');
  return text.length > 300 ? `…${text.slice(-300)}` : text;
}

export function interpretHashRun(facts: HashRunFacts): DriverHashOutcome {
  const { lines, strayLines } = parseDriverOutput(facts.stdout, facts.driverPath);
  const digestsHex: string[] = [];
  for (const line of lines) {
    if (line.type !== 'digest') continue;
    if (line.index !== digestsHex.length || line.bits !== facts.sentBits[line.index]) {
      throw new KatError(
        'DRIVER_PROTOCOL',
        `${facts.driverPath}: digest line for index ${line.index} (${line.bits} bits) does not match message ${digestsHex.length} (${String(facts.sentBits[digestsHex.length])} bits). Rebuild native/ with \`npm run build\`.`,
      );
    }
    if (line.hex.length * 4 !== facts.digestBits) {
      throw new KatError(
        'DRIVER_PROTOCOL',
        `${facts.driverPath}: digest ${line.index} has ${line.hex.length} hex digits, expected ${facts.digestBits / 4} for ${facts.digestBits} bits. Rebuild native/ with \`npm run build\`.`,
      );
    }
    digestsHex.push(line.hex.toUpperCase());
  }
  const found = lines.find((line) => line.type === 'error');
  const error = found?.type === 'error' ? found : undefined;
  const ended = lines.some((line) => line.type === 'end' && line.count === facts.sentBits.length);
  const index = error?.index ?? digestsHex.length;
  const messageBits = error?.messageBits ?? facts.sentBits[index] ?? null;
  const bitsText = messageBits === null ? '?' : String(messageBits);
  const stray = strayLines > 0 ? ` (${strayLines} non-protocol line${strayLines === 1 ? '' : 's'} on stdout)` : '';
  const said = error?.message ?? lastWords(facts.stderr);

  if (facts.timedOut) {
    return { status: 'TIMEOUT', digestsHex, timeoutSeconds: facts.timeoutSeconds, detail: `no answer within ${facts.timeoutSeconds} s; killed after ${digestsHex.length} of ${facts.sentBits.length} messages` };
  }
  if (facts.signal !== null) {
    const at = messageBits === null ? 'after the last message' : `while hashing message ${index} (${messageBits} bits)`;
    return { status: 'CRASH', digestsHex, signal: facts.signal, exitCode: null, index, messageBits, detail: `killed by ${facts.signal} ${at}` };
  }
  switch (facts.exitCode) {
    case 0:
      if (ended && digestsHex.length === facts.sentBits.length) return { status: 'ok', digestsHex };
      return {
        status: 'CRASH', digestsHex, signal: null, exitCode: 0, index, messageBits,
        detail: `exited with code 0 after ${digestsHex.length} of ${facts.sentBits.length} digests without an end line (did the library call exit()?)${stray}`,
      };
    case 3: {
      const returnCode = error?.returnCode ?? null;
      return {
        status: 'CRYPTOFAIL', digestsHex, index, messageBits: messageBits ?? 0, returnCode,
        detail: `CryptHash returned ${returnCode ?? 'non-zero'} for message ${index} (${bitsText} bits): ${said}`,
      };
    }
    case 4: {
      const buffer = error?.buffer ?? null;
      let what = 'changed a guard byte of the digest or message buffer';
      if (buffer === 'message-content') {
        what = `changed the (const) message it was given${error?.offset === undefined ? '' : ` at byte ${error.offset}`}`;
      } else if (buffer !== null) {
        const guard = error?.guardOffset === undefined ? 'a guard byte' : `guard byte ${error.guardOffset}`;
        what = `wrote ${guard} ${error?.side ?? 'around'} the ${buffer} buffer`;
      }
      return {
        status: 'OVERFLOW', digestsHex, index, messageBits: messageBits ?? 0, buffer,
        detail: `CryptHash ${what} on message ${index} (${bitsText} bits): ${said}`,
      };
    }
    case 5:
      return { status: 'LOADFAIL', digestsHex, detail: `could not load ${facts.library}: ${said}` };
    case 2:
    case 8:
      throw new KatError(
        'DRIVER_FAILED',
        `${facts.driverPath} hash ${facts.library} failed with exit code ${facts.exitCode} (${facts.exitCode === 2 ? 'USAGE' : 'IO'}): ${said}. Check the arguments and free memory; rebuild native/ with \`npm run build\` if the driver is stale.`,
      );
    default:
      return {
        status: 'CRASH', digestsHex, signal: null, exitCode: facts.exitCode, index, messageBits,
        detail: `exited with undocumented code ${String(facts.exitCode)} while hashing message ${index}${stray}: ${said}`,
      };
  }
}
