import {
  addressLayoutSchema,
  contextSwitchPolicySchema,
  messagePatternSchema,
  timingScopeSchema,
} from '@ngcc-perf/record';
import type { DriverOperation } from '../driver-operation.js';
import type { ContextSwitchPolicy } from '../measurement-types.js';
import { TimingError } from '../timing-error.js';
import { MAX_ALIGNMENT_OFFSET_BYTES, MAX_MESSAGE_BYTES } from '../timing-options.js';
import type { AddressLayout, MessagePattern, TimingScope } from '../trial-types.js';

/** The fields of an operation that can be checked before any process starts. */
export interface OperationInput {
  library: string;
  digestBits?: number;
  messageBytes: number;
  operation?: DriverOperation;
  cpu?: number;
  coreClockHz?: number;
  scope?: TimingScope;
  message?: MessagePattern;
  alignmentOffsetBytes?: number;
  addressLayout?: AddressLayout;
  onContextSwitch?: ContextSwitchPolicy;
}

// The named choices and their values, as @ngcc-perf/record defines them (a record refuses any other).
const CHOICES = [
  ['scope', timingScopeSchema.options],
  ['message', messagePatternSchema.options],
  ['addressLayout', addressLayoutSchema.options],
  ['onContextSwitch', contextSwitchPolicySchema.options],
] as const;

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
function alternatives(values: readonly string[]): string {
  const quoted = values.map((value) => `"${value}"`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** What the driver's `op-time` does not do yet (@ngcc-perf/native/PROTOCOL.md "Categories"), as problems. */
function opTimeLimits(input: OperationInput): string[] {
  const unsupported = [
    input.scope !== undefined && input.scope !== 'loop' ? `scope "${input.scope}"` : null,
    input.message !== undefined && input.message !== 'rule' ? `message "${input.message}"` : null,
    input.alignmentOffsetBytes !== undefined && input.alignmentOffsetBytes !== 0 ? 'alignmentOffsetBytes' : null,
    input.addressLayout === 'fixed' ? 'addressLayout "fixed"' : null,
  ].filter((what): what is string => what !== null);
  return unsupported.length === 0
    ? []
    : [
        `an operation of a category (${input.operation?.category} ${input.operation?.name}) is timed in loop scope with the driver's own input only; leave out ${unsupported.join(', ')}`,
      ];
}

/** Throws `INVALID_OPTIONS` (every problem in one sentence) or `DRIVER_UNSUPPORTED`. */
export function checkOperation(input: OperationInput, caller: string): void {
  const problems: string[] = [];
  const { messageBytes, digestBits, cpu, coreClockHz, alignmentOffsetBytes } = input;
  if (!Number.isInteger(messageBytes) || messageBytes < 0 || messageBytes > MAX_MESSAGE_BYTES) {
    problems.push(`messageBytes is ${messageBytes}; it must be an integer from 0 to ${MAX_MESSAGE_BYTES} (16 MiB)`);
  }
  if (input.operation === undefined && digestBits === undefined)
    problems.push('field "digestBits" is missing: give the hash digest length in bits, or an operation of a category');
  else if (input.operation === undefined && (!Number.isInteger(digestBits) || (digestBits ?? 0) < 1))
    problems.push(`digestBits is ${digestBits}; it must be an integer ≥ 1`);
  if (input.operation !== undefined) problems.push(...opTimeLimits(input));
  if (cpu !== undefined && (!Number.isInteger(cpu) || cpu < 0))
    problems.push(`cpu is ${cpu}; it must be a CPU number ≥ 0`);
  if (coreClockHz !== undefined && !(coreClockHz > 0 && Number.isFinite(coreClockHz))) {
    problems.push(`coreClockHz is ${coreClockHz}; it must be a positive frequency in Hz`);
  }
  for (const [field, values] of CHOICES) {
    const value = input[field];
    if (value !== undefined && !(values as readonly string[]).includes(value))
      problems.push(`${field} is "${String(value)}"; use ${alternatives(values)}`);
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
