// Checks measureCallMemory's options and turns them into the driver's argv (@ngcc-perf/native/PROTOCOL.md,
// "ngcc-perf-driver memory LIB DIGEST_BITS MESSAGE_BYTES [--cpu N] [--stack-bytes N]").
import type { MeasureCallMemoryOptions } from '../call-memory-types.js';
import { RssError } from '../rss-error.js';

const MAX_MESSAGE_BYTES = 2 ** 33;
const MIN_STACK_BYTES = 16384;
const MAX_STACK_BYTES = 2 ** 30;

function invalid(what: string): RssError {
  return new RssError('INVALID_ARGUMENT', `measureCallMemory: ${what}.`);
}

function checkInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(`${name} is ${String(value)}; pass an integer from ${min} to ${max}`);
  }
}

/** The arguments after the program name; throws `INVALID_ARGUMENT` naming the bad option. */
export function memoryArgv(options: MeasureCallMemoryOptions): string[] {
  if (typeof options.library !== 'string' || options.library === '')
    throw invalid('library is empty; pass the path of the shared library');
  if (options.library.startsWith('-'))
    throw invalid(
      `library "${options.library}" starts with "-" and would be read as an option; pass it as ./${options.library}`,
    );
  checkInteger('digestBits', options.digestBits, 8, 2 ** 31 - 8);
  if (options.digestBits % 8 !== 0)
    throw invalid(`digestBits is ${options.digestBits}; pass a multiple of 8 (whole bytes)`);
  checkInteger('messageBytes', options.messageBytes, 0, MAX_MESSAGE_BYTES);
  const argv = ['memory', options.library, String(options.digestBits), String(options.messageBytes)];
  if (options.cpu !== undefined) {
    checkInteger('cpu', options.cpu, 0, 65535);
    argv.push('--cpu', String(options.cpu));
  }
  if (options.stackBytes !== undefined) {
    checkInteger('stackBytes', options.stackBytes, MIN_STACK_BYTES, MAX_STACK_BYTES);
    argv.push('--stack-bytes', String(options.stackBytes));
  }
  if (
    options.timeoutSeconds !== undefined &&
    !(Number.isFinite(options.timeoutSeconds) && options.timeoutSeconds > 0)
  ) {
    throw invalid(`timeoutSeconds is ${String(options.timeoutSeconds)}; pass a positive number of seconds`);
  }
  return argv;
}
