// Checks measureCallMemory's options and turns them into the driver's argv (@ngcc-perf/native/PROTOCOL.md,
// "ngcc-perf-driver memory LIB DIGEST_BITS MESSAGE_BYTES [--cpu N] [--stack-bytes N]", or
// "op-memory LIB CATEGORY OPERATION [--param NAME=VALUE]... [--adapter PATH] [--cpu N]" for an operation).
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

function hashArgv(options: MeasureCallMemoryOptions): string[] {
  const digestBits = options.digestBits ?? Number.NaN;
  const messageBytes = options.messageBytes ?? Number.NaN;
  checkInteger('digestBits', digestBits, 8, 2 ** 31 - 8);
  if (digestBits % 8 !== 0) throw invalid(`digestBits is ${digestBits}; pass a multiple of 8 (whole bytes)`);
  checkInteger('messageBytes', messageBytes, 0, MAX_MESSAGE_BYTES);
  return ['memory', options.library, String(digestBits), String(messageBytes)];
}

/** `op-memory LIB CATEGORY OPERATION [--param NAME=VALUE]... [--adapter PATH]`. */
function operationArgv(
  options: MeasureCallMemoryOptions,
  operation: NonNullable<MeasureCallMemoryOptions['operation']>,
): string[] {
  if (options.stackBytes !== undefined)
    throw invalid('stackBytes is not taken with operation; leave it out (the driver gives the operation 8 MiB)');
  return [
    'op-memory',
    options.library,
    operation.category,
    operation.name,
    ...Object.entries(operation.parameters).flatMap(([name, value]) => ['--param', `${name}=${value}`]),
    ...(operation.adapterPath === undefined ? [] : ['--adapter', operation.adapterPath]),
  ];
}

/** The arguments after the program name; throws `INVALID_ARGUMENT` naming the bad option. */
export function memoryArgv(options: MeasureCallMemoryOptions): string[] {
  if (typeof options.library !== 'string' || options.library === '')
    throw invalid('library is empty; pass the path of the shared library');
  if (options.library.startsWith('-'))
    throw invalid(
      `library "${options.library}" starts with "-" and would be read as an option; pass it as ./${options.library}`,
    );
  const argv = options.operation === undefined ? hashArgv(options) : operationArgv(options, options.operation);
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
