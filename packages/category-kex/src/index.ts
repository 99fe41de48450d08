export { KEX_CATEGORY } from './kex-category.js';
export { KEX_KAT } from './kex-kat.js';
export { kexOperation, kexOperationNames, KEX_OPERATIONS } from './kex-operations.js';
