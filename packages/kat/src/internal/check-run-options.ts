import type { KatTestSizes } from '../driver-runner.js';
import { KatError } from '../kat-error.js';
import { ALL_KAT_FILES, KAT_LOOP } from '../kat-messages.js';
import type { KatFileKind } from '../kat-messages.js';

const KINDS = ALL_KAT_FILES;
const MIN_MEMORY_BYTES = 16 * 2 ** 20;

function reject(field: string, problem: string): never {
  throw new KatError('INVALID_ARGUMENT', `runKat: option ${field} ${problem}.`);
}

/** The option values runKat checks before doing anything. */
export interface CheckedRunOptions {
  library: string;
  digestBits: number;
  name: string;
  candidateId?: string;
  timeoutSeconds: number;
  files: readonly KatFileKind[];
  maxMemoryBytes?: number | undefined;
  testSizes?: KatTestSizes | undefined;
}

function checkLimits(options: CheckedRunOptions): void {
  const memory = options.maxMemoryBytes;
  if (memory !== undefined && !(Number.isSafeInteger(memory) && (memory === 0 || memory >= MIN_MEMORY_BYTES))) {
    reject(
      'maxMemoryBytes',
      `must be 0 (no limit) or a whole number of bytes from ${MIN_MEMORY_BYTES} (16 MiB), got ${String(memory)}`,
    );
  }
  const large = options.testSizes?.largeMessageBits;
  if (large !== undefined && !(Number.isSafeInteger(large) && large >= 64 && large <= 2 ** 36 && large % 8 === 0)) {
    reject('testSizes.largeMessageBits', `must be a multiple of 8 from 64 to 2^36, got ${String(large)}`);
  }
  const steps = options.testSizes?.loopIterations;
  if (steps !== undefined && !(Number.isSafeInteger(steps) && steps >= 0 && steps <= 1e9)) {
    reject('testSizes.loopIterations', `must be a whole number from 0 to 10^9, got ${String(steps)}`);
  }
  if (options.files.includes('KAT_Loop') && options.digestBits > KAT_LOOP.messageBits) {
    reject(
      'digestBits',
      `must be at most ${KAT_LOOP.messageBits} for KAT_Loop (the digest is XORed into the ${KAT_LOOP.messageBits}-bit message), got ${options.digestBits}`,
    );
  }
}

/** Throws `INVALID_ARGUMENT` naming the first bad option. */
export function checkRunOptions(options: CheckedRunOptions): void {
  if (typeof options.library !== 'string' || options.library.length === 0)
    reject('library', 'must be the path of the shared library');
  if (!Number.isSafeInteger(options.digestBits) || options.digestBits <= 0 || options.digestBits % 8 !== 0) {
    reject('digestBits', `must be a positive multiple of 8 (bits), got ${String(options.digestBits)}`);
  }
  if (typeof options.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(options.name)) {
    reject(
      'name',
      `must be the instance name: 1 to 64 letters, digits, "-" or "_" (as ICCS KAT_CryptHash.c requires), got ${JSON.stringify(options.name)}`,
    );
  }
  if (
    options.candidateId !== undefined &&
    (typeof options.candidateId !== 'string' || !/^\S+$/.test(options.candidateId))
  ) {
    reject(
      'candidateId',
      `must be a candidate id without spaces (e.g. "hash-15"), got ${JSON.stringify(options.candidateId)}`,
    );
  }
  if (!(
    typeof options.timeoutSeconds === 'number' &&
    Number.isFinite(options.timeoutSeconds) &&
    options.timeoutSeconds > 0
  )) {
    reject('timeoutSeconds', `must be a positive number of seconds, got ${String(options.timeoutSeconds)}`);
  }
  if (options.files.length === 0) reject('files', 'must list at least one KAT file kind');
  const seen = new Set<string>();
  for (const kind of options.files) {
    if (!KINDS.includes(kind)) reject('files', `has unknown kind ${JSON.stringify(kind)}; use ${KINDS.join(', ')}`);
    if (seen.has(kind)) reject('files', `lists ${kind} twice`);
    seen.add(kind);
  }
  checkLimits(options);
}
