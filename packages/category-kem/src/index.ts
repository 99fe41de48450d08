export { KEM_CATEGORY, KEM_SECURITY_TARGETS } from './kem-category.js';
export { KEM_KAT } from './kem-kat.js';
export { kemOperation, KEM_OPERATION_NAMES, KEM_OPERATIONS } from './kem-operations.js';
