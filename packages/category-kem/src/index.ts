export { KEM_CATEGORY } from './kem-category.js';
export { KEM_KAT } from './kem-kat.js';
export { kemOperation, KEM_OPERATION_NAMES, KEM_OPERATIONS } from './kem-operations.js';
export { KEM_SECURITY_TARGETS, KEM_SECURITY_TARGETS_CSV } from './security-targets.js';
