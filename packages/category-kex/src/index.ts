export { KEX_CATEGORY, KEX_SECURITY_TARGETS } from './kex-category.js';
export { KEX_KAT } from './kex-kat.js';
export { kexOperation, kexOperationNames, KEX_MAX_PASSES, KEX_OPERATIONS } from './kex-operations.js';
