import type { CategoryInstance, CategoryOperations } from '@ngcc-perf/category';
import type { OperationIdentity } from '@ngcc-perf/record';

/** A key-exchange operation's identity: `{ category: 'kex', name, parameters: {} }`. */
export function kexOperation(name: string): OperationIdentity {
  return { category: 'kex', name, parameters: {} };
}

/** The most passes a protocol the driver times may have (its PK_KEX_MAX_PASSES). */
export const KEX_MAX_PASSES = 6;

/**
 * The operations of an instance in page order: the whole `exchange`, both inits, every pass of
 * the protocol, both derivations (the published timing method). The passes come from the
 * instance's `passes` parameter (`kex_get_passes_num`, the pk-kat meta line's getters), 1 to
 * {@link KEX_MAX_PASSES}; without it, a 2-pass protocol is assumed.
 */
export function kexOperationNames(instance: CategoryInstance): string[] {
  const stated = instance.parameters.passes;
  const passes =
    typeof stated === 'number' && Number.isInteger(stated) && stated >= 1 && stated <= KEX_MAX_PASSES ? stated : 2;
  return [
    'exchange',
    'init-a',
    'init-b',
    ...Array.from({ length: passes }, (_, i) => `pass${i + 1}`),
    'derive-a',
    'derive-b',
  ];
}

/** `init_a`, `derive_b`: the names of the published records and pages (operation ids spell them with a hyphen). */
function publishedName(operation: OperationIdentity): string {
  return operation.name.replace(/-/g, '_');
}

/**
 * The key-exchange category's operations, each one `op-time` of the driver's built-in `kex` table
 * (@ngcc-perf/native/driver/pk/category_kex.c): the whole exchange, or one step timed from the
 * state a checked set-up exchange had before it; no parameters; record stems and labels
 * as the published pages name them (`init_a`, `pass2`, `derive_b`); no per-byte figure.
 */
export const KEX_OPERATIONS: CategoryOperations = {
  list: (instance) => kexOperationNames(instance).map(kexOperation),
  driverParameters: () => ({}),
  fileStem: publishedName,
  label: publishedName,
  bytesPerCall: () => null,
};
