import type { ContextSwitchPolicy } from '../measurement-types.js';
import { TimingError } from '../timing-error.js';
import { MAX_ALIGNMENT_OFFSET_BYTES, MAX_MESSAGE_BYTES } from '../timing-options.js';
import type { MessagePattern, TimingScope } from '../trial-types.js';

/** The fields of an operation that can be checked before any process starts. */
export interface OperationInput {
  library: string;
  digestBits: number;
  messageBytes: number;
  cpu?: number;
  coreClockHz?: number;
  scope?: TimingScope;
  message?: MessagePattern;
  alignmentOffsetBytes?: number;
  onContextSwitch?: ContextSwitchPolicy;
}

const SCOPES: readonly string[] = ['loop', 'per-call'];
const MESSAGES: readonly string[] = ['rule', 'random'];
const POLICIES: readonly string[] = ['flag', 'rerun', 'rerun-until-futile'];

/** Throws `INVALID_OPTIONS` (every problem in one sentence) or `DRIVER_UNSUPPORTED`. */
export function checkOperation(input: OperationInput, caller: string): void {
  const problems: string[] = [];
  const { messageBytes, digestBits, cpu, coreClockHz, alignmentOffsetBytes } = input;
  if (!Number.isInteger(messageBytes) || messageBytes < 0 || messageBytes > MAX_MESSAGE_BYTES) {
    problems.push(`messageBytes is ${messageBytes}; it must be an integer from 0 to ${MAX_MESSAGE_BYTES} (16 MiB)`);
  }
  if (!Number.isInteger(digestBits) || digestBits < 1)
    problems.push(`digestBits is ${digestBits}; it must be an integer ≥ 1`);
  if (cpu !== undefined && (!Number.isInteger(cpu) || cpu < 0))
    problems.push(`cpu is ${cpu}; it must be a CPU number ≥ 0`);
  if (coreClockHz !== undefined && !(coreClockHz > 0 && Number.isFinite(coreClockHz))) {
    problems.push(`coreClockHz is ${coreClockHz}; it must be a positive frequency in Hz`);
  }
  if (input.scope !== undefined && !SCOPES.includes(input.scope))
    problems.push(`scope is "${input.scope}"; use "loop" or "per-call"`);
  if (input.message !== undefined && !MESSAGES.includes(input.message))
    problems.push(`message is "${input.message}"; use "rule" or "random"`);
  if (input.onContextSwitch !== undefined && !POLICIES.includes(input.onContextSwitch)) {
    problems.push(`onContextSwitch is "${input.onContextSwitch}"; use "flag", "rerun" or "rerun-until-futile"`);
  }
  if (
    alignmentOffsetBytes !== undefined &&
    (!Number.isInteger(alignmentOffsetBytes) ||
      alignmentOffsetBytes < 0 ||
      alignmentOffsetBytes > MAX_ALIGNMENT_OFFSET_BYTES)
  ) {
    problems.push(
      `alignmentOffsetBytes is ${alignmentOffsetBytes}; it must be an integer from 0 to ${MAX_ALIGNMENT_OFFSET_BYTES}`,
    );
  }
  if (problems.length > 0) {
    throw new TimingError('INVALID_OPTIONS', `${caller}(${input.library}): ${problems.join('; ')}.`);
  }
}
