import type { CategoryOperations } from '@ngcc-perf/category';
import type { OperationIdentity } from '@ngcc-perf/record';

/** The signature operations in page order (the published timing method of the public harness). */
export const SIG_OPERATION_NAMES = ['keygen', 'sign', 'verify'] as const;

/** The one message sign and verify are timed on, bytes (guide §3.4.1). */
export const SIG_MESSAGE_BYTES = 64;

/**
 * A signature operation's identity: keygen without parameters; sign and verify with
 * `messageBytes` (default {@link SIG_MESSAGE_BYTES}).
 */
export function sigOperation(
  name: (typeof SIG_OPERATION_NAMES)[number],
  messageBytes: number = SIG_MESSAGE_BYTES,
): OperationIdentity {
  return { category: 'sig', name, parameters: name === 'keygen' ? {} : { messageBytes } };
}

function messageBytes(operation: OperationIdentity): number | null {
  const value = operation.parameters.messageBytes;
  if (operation.name === 'keygen') return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError(
      `sig operation ${operation.name} ${JSON.stringify(operation.parameters)}: messageBytes must be a whole number, got ${String(value)}.`,
    );
  }
  return value;
}

/**
 * The signature category's operations: keygen, sign and verify on one 64-byte message, each one
 * `op-time` of the driver's built-in `sig` table (@ngcc-perf/native/driver/pk/category_sig.c),
 * which makes the key pair (and for verify the signature) once and checks it verifies; a failed
 * sign attempt is retried inside the timed call and counted (`retries` of the trial line). Record
 * stems and labels are the names; per-byte figures over the message of sign and verify.
 *
 * @throws TypeError from `driverParameters`, `bytesPerCall` when sign or verify lacks a whole `messageBytes`
 */
export const SIG_OPERATIONS: CategoryOperations = {
  list: () => SIG_OPERATION_NAMES.map((name) => sigOperation(name)),
  driverParameters: (operation): Readonly<Record<string, string>> => {
    const bytes = messageBytes(operation);
    return bytes === null ? {} : { messageBytes: String(bytes) };
  },
  fileStem: (operation) => operation.name,
  label: (operation) => operation.name,
  bytesPerCall: (operation) => messageBytes(operation),
};
