export { KEX_CATEGORY } from './kex-category.js';
export { KEX_KAT } from './kex-kat.js';
export { kexOperation, kexOperationNames, KEX_MAX_PASSES, KEX_OPERATIONS } from './kex-operations.js';
export { KEX_SECURITY_TARGETS, KEX_SECURITY_TARGETS_CSV } from './security-targets.js';
