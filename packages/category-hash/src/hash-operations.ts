import type { CategoryInstance, CategoryOperationPlan, CategoryOperations } from '@ngcc-perf/category';
import type { OperationIdentity } from '@ngcc-perf/record';
import { GUIDE_MESSAGE_SIZES_BYTES } from './guide-message-sizes.js';

/** A hash operation's parameters: the digest length in bits and the message length in bytes. */
export interface HashOperationParameters {
  digestBits: number;
  messageBytes: number;
}

function whole(value: unknown, name: string, operation: OperationIdentity): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError(
      `hash operation ${JSON.stringify(operation.parameters)}: ${name} must be a whole number, got ${String(value)}.`,
    );
  }
  return value;
}

/**
 * The digest and message lengths of a hash operation.
 *
 * @throws TypeError when either parameter is missing or not a whole number
 */
export function hashParameters(operation: OperationIdentity): HashOperationParameters {
  return {
    digestBits: whole(operation.parameters.digestBits, 'digestBits', operation),
    messageBytes: whole(operation.parameters.messageBytes, 'messageBytes', operation),
  };
}

/**
 * The hash operation at one message length: `{ category: 'hash', name: 'hash', parameters:
 * { digestBits, messageBytes } }`, the identity `recordOperation` gives a hash record.
 */
export function hashOperation(digestBits: number, messageBytes: number): OperationIdentity {
  return { category: 'hash', name: 'hash', parameters: { digestBits, messageBytes } };
}

/**
 * The hash category's operations: one per guide message length (guide §3.4.2), or per length the
 * campaign's plan names, at the instance's digest length; record stems `hash_<L>`; per-byte figures over the message.
 */
export const HASH_OPERATIONS: CategoryOperations = {
  list(instance: CategoryInstance, plan?: CategoryOperationPlan) {
    const digestBits = Number(instance.parameters.digestBits);
    return (plan?.messageSizesBytes ?? GUIDE_MESSAGE_SIZES_BYTES).map((messageBytes) =>
      hashOperation(digestBits, messageBytes),
    );
  },
  driverParameters(operation) {
    const { digestBits, messageBytes } = hashParameters(operation);
    return { digestBits: String(digestBits), messageBytes: String(messageBytes) };
  },
  fileStem: (operation) => `hash_${hashParameters(operation).messageBytes}`,
  label: (operation) => `${hashParameters(operation).messageBytes} B`,
  bytesPerCall: (operation) => hashParameters(operation).messageBytes,
};
