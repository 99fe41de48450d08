import type { CategoryOperations } from '@ngcc-perf/category';
import type { OperationIdentity } from '@ngcc-perf/record';

/** The KEM operations in page order (the published timing method of the public harness). */
export const KEM_OPERATION_NAMES = ['keygen', 'enc', 'dec'] as const;

/** A KEM operation's identity: `{ category: 'kem', name, parameters: {} }`. */
export function kemOperation(name: (typeof KEM_OPERATION_NAMES)[number]): OperationIdentity {
  return { category: 'kem', name, parameters: {} };
}

/**
 * The KEM category's operations: keygen, enc and dec, each one `op-time` of the driver's built-in
 * `kem` table (@ngcc-perf/native/driver/pk/category_kem.c), which makes the key pair (and the
 * ciphertext) once before timing and checks that dec gives the encapsulated secret; no
 * parameters; record stems and page labels are the names; no per-byte figure.
 */
export const KEM_OPERATIONS: CategoryOperations = {
  list: () => KEM_OPERATION_NAMES.map(kemOperation),
  driverParameters: () => ({}),
  fileStem: (operation) => operation.name,
  label: (operation) => operation.name,
  bytesPerCall: () => null,
};
